package club.pente.load;

import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;

/**
 * The few fields of a game event the driver needs (type, game, version, command, ply, rejection reason, event id),
 * read with Jackson's streaming parser: a full data-binding parse (records, lists, Instants) costs the driver
 * more CPU per move than anything else it does, on the machine it is measuring.
 */
public record EventDigest(Type type, String gameId, long version, String commandId, int ply, String reason, String eventId) {

    public enum Type { GAME_STARTED, MOVE_PLAYED, MOVE_REJECTED, GAME_ENDED, OTHER }

    private static final JsonFactory JSON = new JsonFactory();

    public static EventDigest parse(byte[] json) throws IOException {
        Type type = Type.OTHER;
        String gameId = null;
        String commandId = null;
        String reason = null;
        String eventId = null;
        long version = -1;
        int ply = 0;
        try (JsonParser p = JSON.createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("a game event is a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                switch (name) {
                    case "type" -> type = type(p.getText());
                    case "gameId" -> gameId = p.getText();
                    case "commandId" -> commandId = value == JsonToken.VALUE_NULL ? null : p.getText();
                    case "version" -> version = p.getLongValue();
                    case "ply" -> ply = p.getIntValue();
                    case "reason" -> reason = value == JsonToken.VALUE_NULL ? null : p.getText();
                    case "eventId" -> eventId = value == JsonToken.VALUE_NULL ? null : p.getText();
                    default -> p.skipChildren();
                }
            }
        }
        if (gameId == null || version < 0) {
            throw new IOException("a game event without gameId or version");
        }
        return new EventDigest(type, gameId, version, commandId, ply, reason, eventId);
    }

    /** The digest of an event object, as {@link #parse} reads it from the event's JSON. */
    public static EventDigest of(GameEvent event) {
        Type type = event instanceof GameStarted ? Type.GAME_STARTED : event instanceof MovePlayed ? Type.MOVE_PLAYED
                : event instanceof MoveRejected ? Type.MOVE_REJECTED : event instanceof GameEnded ? Type.GAME_ENDED : Type.OTHER;
        int ply = event instanceof MovePlayed m ? m.ply() : 0;
        String reason = event instanceof MoveRejected r ? String.valueOf(r.reason()) : event instanceof GameEnded e ? String.valueOf(e.reason()) : null;
        return new EventDigest(type, event.gameId(), event.version(), event.commandId(), ply, reason, event.eventId());
    }

    private static Type type(String name) {
        return switch (name) {
            case "GameStarted" -> Type.GAME_STARTED;
            case "MovePlayed" -> Type.MOVE_PLAYED;
            case "MoveRejected" -> Type.MOVE_REJECTED;
            case "GameEnded" -> Type.GAME_ENDED;
            default -> Type.OTHER;
        };
    }
}

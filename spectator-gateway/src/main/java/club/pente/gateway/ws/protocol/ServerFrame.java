package club.pente.gateway.ws.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * What the gateway sends on its sockets and event streams, each a JSON object whose {@code type} comes
 * first, then the record's fields in order ({@link SocketCodec#encode}). JSON that came from another
 * service (a game view, an event) is passed through as it was written ({@link JsonRawValue}), never parsed
 * and written again on the hot path.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(ServerFrame.Snapshot.class), @JsonSubTypes.Type(ServerFrame.Resumed.class),
        @JsonSubTypes.Type(ServerFrame.Event.class), @JsonSubTypes.Type(ServerFrame.Rejected.class),
        @JsonSubTypes.Type(ServerFrame.Spectators.class), @JsonSubTypes.Type(ServerFrame.GameWelcome.class),
        @JsonSubTypes.Type(ServerFrame.LobbyWelcome.class), @JsonSubTypes.Type(ServerFrame.Ack.class),
        @JsonSubTypes.Type(ServerFrame.Error.class), @JsonSubTypes.Type(ServerFrame.Pong.class),
        @JsonSubTypes.Type(ServerFrame.Lobby.class), @JsonSubTypes.Type(ServerFrame.Notification.class),
        @JsonSubTypes.Type(ServerFrame.PlayerPresence.class)})
public sealed interface ServerFrame {

    /**
     * The game as the game service shows it (clocks brought up to now), and for sockets the spectator
     * count; event streams get no count (null, left out).
     */
    @JsonTypeName("snapshot")
    record Snapshot(@JsonRawValue String game, @JsonInclude(JsonInclude.Include.NON_NULL) Integer spectators)
            implements ServerFrame {
    }

    /** The socket resumed after version {@code from}: {@code events} buffered events follow. */
    @JsonTypeName("resumed")
    record Resumed(long from, int events) implements ServerFrame {
    }

    /** A versioned game event, as the game service published it: encoded once for a whole room. */
    @JsonTypeName("event")
    record Event(@JsonRawValue String event) implements ServerFrame {
    }

    /** A MoveRejected, to the player whose move it was only. */
    @JsonTypeName("rejected")
    record Rejected(JsonNode event) implements ServerFrame {
    }

    /** People watching the game on every gateway, players not counted. */
    @JsonTypeName("spectators")
    record Spectators(int count) implements ServerFrame {
    }

    /** A game socket's token was verified: who it is now, and whether that person plays this game. */
    @JsonTypeName("welcome")
    record GameWelcome(String playerId, String name, boolean player) implements ServerFrame {
    }

    /** A lobby socket's token was verified. */
    @JsonTypeName("welcome")
    record LobbyWelcome(String playerId, String name, boolean guest) implements ServerFrame {
    }

    /** The command was handed on; the event that follows is its outcome. */
    @JsonTypeName("ack")
    record Ack(String commandId) implements ServerFrame {
    }

    /**
     * A refused frame or a failure the person can read; nothing changed. Some refusals also carry a
     * {@code code} a client can act on and how long to wait ({@code retryAfterMillis}); both are left out
     * when there are none.
     */
    @JsonTypeName("error")
    record Error(String message, @JsonInclude(JsonInclude.Include.NON_NULL) String code,
                 @JsonInclude(JsonInclude.Include.NON_NULL) Long retryAfterMillis) implements ServerFrame {
        public Error(String message) {
            this(message, null, null);
        }

        public Error(String message, String code) {
            this(message, code, null);
        }
    }

    /**
     * Whether each player of the game has a socket on any gateway, and for how long not (0 while connected),
     * as of when the frame was sent; {@code abandonAfterMillis} is how long an absence on one's turn lasts
     * before the opponent may claim the win.
     */
    @JsonTypeName("presence")
    record PlayerPresence(Seat white, Seat black, long abandonAfterMillis) implements ServerFrame {
        public record Seat(boolean connected, long absentMillis) {
        }
    }

    @JsonTypeName("pong")
    record Pong() implements ServerFrame {
    }

    /** The lobby's numbers: people online (all gateways), people searching, the live games. */
    @JsonTypeName("lobby")
    record Lobby(int online, int searching, JsonNode liveGames) implements ServerFrame {
    }

    /** A matchmaking event for the person on this lobby socket ("your game is ready"). */
    @JsonTypeName("notification")
    record Notification(JsonNode event) implements ServerFrame {
    }
}

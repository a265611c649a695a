package club.pente.gateway.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.MovePlayed;
import club.pente.gateway.ws.RoomFanOut;
import club.pente.gateway.ws.LobbySockets;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.header.Header;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Every gateway instance reads every game event (a consumer group of its own) and serves its sockets: the rooms of
 * watched games, the lobby's live list, and "your turn" to the lobby sockets of the player a move hands the turn to.
 */
@ApplicationScoped
public class GameEventsFeed {
    private static final Logger LOG = Logger.getLogger(GameEventsFeed.class);

    private static final byte[] STARTED = EventHeaders.typeValue("GameStarted");
    private static final byte[] ENDED = EventHeaders.typeValue("GameEnded");
    /** A move (or a takeback) changes a live game's ply, which the lobby's list shows. */
    private static final byte[] MOVED = EventHeaders.typeValue("MovePlayed");
    private static final byte[] TAKEN_BACK = EventHeaders.typeValue("MovesTakenBack");

    private final RoomFanOut games;
    private final LobbySockets lobby;

    public GameEventsFeed(RoomFanOut games, LobbySockets lobby) {
        this.games = games;
        this.lobby = lobby;
    }

    /**
     * A batch of game event records. A record of a game nobody watches here is skipped by its key before
     * its JSON is parsed; the lobby only needs to know that some game started, ended or changed its ply,
     * which the type header says (a record without the header may be any, so the lobby refreshes; the
     * refresh is coalesced to one fetch per lobby tick however many games move). A move is read for its
     * {@code nextPlayerId} only while some signed-in lobby socket is open here.
     */
    @Incoming("game-events")
    public void onEvents(ConsumerRecords<String, String> records) {
        for (ConsumerRecord<String, String> record : records) {
            try {
                onRecord(record.key(), record.headers().lastHeader(EventHeaders.TYPE), record.value());
            } catch (RuntimeException e) {
                // one odd record (valid JSON, implausible content) must not cost the rest of the batch
                LOG.debugf("ignoring a game event that could not be served: %s", e.toString());
            }
        }
    }

    void onRecord(String gameId, Header type, String json) {
        byte[] typeName = type == null ? null : type.value();
        if (typeName == null || EventHeaders.isType(typeName, STARTED) || EventHeaders.isType(typeName, ENDED)
                || EventHeaders.isType(typeName, MOVED) || EventHeaders.isType(typeName, TAKEN_BACK)) {
            lobby.gamesMayHaveChanged();
        }
        if (json == null) {
            return;
        }
        boolean watched = games.watching(gameId);
        boolean turn = (typeName == null || EventHeaders.isType(typeName, MOVED)) && lobby.hasPlayers();
        if (!watched && !turn) {
            return;
        }
        GameEvent event;
        try {
            event = Contracts.json().readValue(json, GameEvent.class);
        } catch (Exception e) {
            LOG.debugf("ignoring an unreadable game event: %s", e.getMessage());
            return;
        }
        if (!gameId.equals(event.gameId())) {
            return;
        }
        if (turn && event instanceof MovePlayed move && lobby.present(move.nextPlayerId())) {
            lobby.notify(move.nextPlayerId(), yourTurn(move));
        }
        if (watched) {
            games.onEvent(event, json);
        }
    }

    /** The lobby notification of a move: {@code {"type":"YourTurn","gameId","ply","point","playerId":<the mover>}}. */
    static ObjectNode yourTurn(MovePlayed move) {
        ObjectNode event = Contracts.json().createObjectNode();
        event.put("type", "YourTurn");
        event.put("gameId", move.gameId());
        event.put("ply", move.ply());
        event.put("point", move.point());
        event.put("playerId", move.playerId());
        return event;
    }

    /** Personal notifications from matchmaking, keyed by player id. */
    @Incoming("matchmaking-events")
    public java.util.concurrent.CompletionStage<Void> onMatchmaking(org.eclipse.microprofile.reactive.messaging.Message<String> message) {
        message.getMetadata(io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata.class).ifPresent(meta -> {
            Object key = meta.getKey();
            lobby.notify(key == null ? null : key.toString(), message.getPayload());
        });
        return message.ack();
    }
}

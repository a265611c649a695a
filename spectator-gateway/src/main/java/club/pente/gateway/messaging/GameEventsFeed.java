package club.pente.gateway.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameEvent;
import club.pente.gateway.ws.RoomFanOut;
import club.pente.gateway.ws.LobbySockets;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.header.Header;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/** Every gateway instance reads every game event (a consumer group of its own) and serves its sockets. */
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
     * refresh is coalesced to one fetch per lobby tick however many games move).
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
        if (json == null || !games.watching(gameId)) {
            return;
        }
        GameEvent event;
        try {
            event = Contracts.json().readValue(json, GameEvent.class);
        } catch (Exception e) {
            LOG.debugf("ignoring an unreadable game event: %s", e.getMessage());
            return;
        }
        if (gameId.equals(event.gameId())) {
            games.onEvent(event, json);
        }
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

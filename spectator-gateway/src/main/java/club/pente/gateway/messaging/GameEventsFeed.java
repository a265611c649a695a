package club.pente.gateway.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEvent;
import club.pente.gateway.ws.GameSockets;
import club.pente.gateway.ws.LobbySockets;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/** Every gateway instance reads every game event (a consumer group of its own) and serves its sockets. */
@ApplicationScoped
public class GameEventsFeed {
    private static final Logger LOG = Logger.getLogger(GameEventsFeed.class);

    private final GameSockets games;
    private final LobbySockets lobby;

    public GameEventsFeed(GameSockets games, LobbySockets lobby) {
        this.games = games;
        this.lobby = lobby;
    }

    @Incoming("game-events")
    public void onEvent(String json) {
        GameEvent event;
        try {
            event = Contracts.json().readValue(json, GameEvent.class);
        } catch (Exception e) {
            LOG.debugf("ignoring an unreadable game event: %s", e.getMessage());
            return;
        }
        games.onEvent(event, json);
        lobby.onGameEvent(event);
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

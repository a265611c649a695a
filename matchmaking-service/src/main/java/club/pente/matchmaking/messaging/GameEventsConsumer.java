package club.pente.matchmaking.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameEvent;
import club.pente.matchmaking.application.GameEndings;
import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Reads {@code pente.game.events} (one group for all instances) and hands every {@code GameEnded} to
 * {@link GameEndings}; other events are skipped without being parsed in full. Database failures are
 * retried a few times before the record is given up (logged).
 */
@ApplicationScoped
public class GameEventsConsumer {
    private static final Logger LOG = Logger.getLogger(GameEventsConsumer.class);

    private final GameEndings endings;

    public GameEventsConsumer(GameEndings endings) {
        this.endings = endings;
    }

    @Incoming("game-events")
    @Blocking(ordered = true)
    public void onEvent(String payload) {
        GameEnded ended;
        try {
            JsonNode json = Contracts.json().readTree(payload);
            if (!"GameEnded".equals(json.path("type").asText())) {
                return;
            }
            ended = (GameEnded) Contracts.json().treeToValue(json, GameEvent.class);
        } catch (Exception e) {
            LOG.warnf("ignoring an unreadable game event: %s", e.getMessage());
            return;
        }
        for (int attempt = 1; ; attempt++) {
            try {
                endings.handle(ended);
                return;
            } catch (RuntimeException e) {
                if (attempt >= 10) {
                    LOG.errorf(e, "giving up on GameEnded %s of game %s", ended.eventId(), ended.gameId());
                    return;
                }
                LOG.warnf("GameEnded %s of game %s failed (%s); retrying", ended.eventId(), ended.gameId(), e.toString());
                try {
                    Thread.sleep(Math.min(5_000, 100L << attempt));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}

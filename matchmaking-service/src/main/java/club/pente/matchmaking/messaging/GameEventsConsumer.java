package club.pente.matchmaking.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameEvent;
import club.pente.matchmaking.application.GameEndings;
import club.pente.messaging.TypeHeader;
import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.header.Headers;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.util.List;

/**
 * Reads {@code pente.game.events} (one group for all instances) and hands every {@code GameEnded} to
 * {@link GameEndings}. Records come a whole poll at a time, on one worker thread in order, and are
 * acknowledged when the batch is done. A record whose type header names another event is passed over
 * unread; one without the header is parsed only as far as its type. Database failures are retried a few
 * times before the record is given up (logged).
 */
@ApplicationScoped
public class GameEventsConsumer {
    private static final Logger LOG = Logger.getLogger(GameEventsConsumer.class);
    private static final TypeHeader GAME_ENDED = new TypeHeader(EventHeaders.TYPE, List.of("GameEnded"));

    private final GameEndings endings;

    public GameEventsConsumer(GameEndings endings) {
        this.endings = endings;
    }

    @Incoming("game-events")
    @Blocking(ordered = true)
    public void onEvents(ConsumerRecords<String, String> records) {
        for (ConsumerRecord<String, String> record : records) {
            onRecord(record.headers(), record.value());
        }
    }

    /** Handles one record; returns whether its value was read. */
    boolean onRecord(Headers headers, String payload) {
        if (GAME_ENDED.skips(headers)) {
            return false;
        }
        GameEnded ended;
        try {
            JsonNode json = Contracts.json().readTree(payload);
            if (!"GameEnded".equals(json.path("type").asText())) {
                return true;
            }
            ended = (GameEnded) Contracts.json().treeToValue(json, GameEvent.class);
        } catch (Exception e) {
            LOG.warnf("ignoring an unreadable game event: %s", e.getMessage());
            return true;
        }
        handle(ended);
        return true;
    }

    private void handle(GameEnded ended) {
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

package club.pente.matchmaking.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MoveRejected;
import club.pente.matchmaking.application.GameEndings;
import club.pente.matchmaking.application.GameStarts;
import club.pente.matchmaking.tournament.Tournaments;
import club.pente.messaging.TypeHeader;
import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.header.Headers;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Reads {@code pente.game.events} (one group for all instances) and hands every {@code GameEnded} to
 * {@link GameEndings} (and one of a tournament also to {@link Tournaments}), every {@code GameStarted} and {@code MoveRejected} (the answers to its CreateGame
 * commands) to {@link GameStarts}. Records come a whole poll at a time, on one worker thread in order, and are
 * acknowledged when the batch is done. A record whose type header names another event is passed over
 * unread; one without the header is parsed only as far as its type. Database failures are retried a few
 * times before the record is given up (logged).
 */
@ApplicationScoped
public class GameEventsConsumer {
    private static final Logger LOG = Logger.getLogger(GameEventsConsumer.class);
    private static final Set<String> READ = Set.of("GameEnded", "GameStarted", "MoveRejected");
    private static final TypeHeader TYPES = new TypeHeader(EventHeaders.TYPE, List.copyOf(READ));

    private final GameEndings endings;
    private final GameStarts starts;
    private final Tournaments tournaments;

    public GameEventsConsumer(GameEndings endings, GameStarts starts) {
        this(endings, starts, null);
    }

    @Inject
    public GameEventsConsumer(GameEndings endings, GameStarts starts, Tournaments tournaments) {
        this.endings = endings;
        this.starts = starts;
        this.tournaments = tournaments;
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
        if (TYPES.skips(headers)) {
            return false;
        }
        GameEvent event;
        try {
            JsonNode json = Contracts.json().readTree(payload);
            if (!READ.contains(json.path("type").asText())) {
                return true;
            }
            event = Contracts.json().treeToValue(json, GameEvent.class);
        } catch (Exception e) {
            LOG.warnf("ignoring an unreadable game event: %s", e.getMessage());
            return true;
        }
        if (event instanceof GameEnded ended) {
            handle(ended, () -> endings.handle(ended));
            if (ended.tournamentId() != null && tournaments != null) {
                handle(ended, () -> tournaments.gameEnded(ended));
            }
        } else if (event instanceof GameStarted started) {
            handle(started, () -> starts.started(started));
        } else if (event instanceof MoveRejected rejected) {
            handle(rejected, () -> starts.rejected(rejected));
            if (tournaments != null) {
                // a refused CreateGame of a tournament board is not one of GameStarts' games: the tournament records it
                handle(rejected, () -> tournaments.createRefused(rejected));
            }
        }
        return true;
    }

    private void handle(GameEvent event, BooleanSupplier work) {
        String what = event.getClass().getSimpleName() + " " + event.eventId() + " of game " + event.gameId();
        for (int attempt = 1; ; attempt++) {
            try {
                work.getAsBoolean();
                return;
            } catch (RuntimeException e) {
                if (attempt >= 10) {
                    LOG.errorf(e, "giving up on %s", what);
                    return;
                }
                LOG.warnf("%s failed (%s); retrying", what, e.toString());
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

package club.pente.rating.application;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RatingChanged;
import club.pente.core.rules.Color;
import club.pente.core.rules.Status;
import club.pente.rating.domain.EloPolicy;
import club.pente.rating.domain.GameCount;
import club.pente.rating.persistence.OutboxEntity;
import club.pente.rating.persistence.PlayerEntity;
import club.pente.rating.persistence.RatingChangeEntity;
import club.pente.rating.persistence.RatingStore;
import club.pente.kit.outbox.OutboxPublisher;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Instant;

/**
 * Applies one finished game, in one transaction: claim its id (a repeat stops here), and for a rated game
 * create both players if new, lock both rows in player-id order (no deadlock between two games sharing
 * players), rate both from their standings before the game, append a history line each and put one
 * RatingChanged per player into the outbox.
 */
@ApplicationScoped
public class RatingProcessor {
    private static final Logger LOG = Logger.getLogger(RatingProcessor.class);

    /** What became of an event. */
    public enum Result { IGNORED, DUPLICATE, COUNTED, RATED }

    private final RatingStore store;
    private final OutboxPublisher outbox;
    private final MeterRegistry registry;

    public RatingProcessor(RatingStore store, OutboxPublisher outbox, MeterRegistry registry) {
        this.store = store;
        this.outbox = outbox;
        this.registry = registry;
    }

    public Uni<Result> process(GameEnded ended) {
        GameCount count;
        try {
            count = GameCount.of(ended);
        } catch (RuntimeException e) {
            return Uni.createFrom().failure(new PoisonEventException(ended, e));
        }
        if (count == GameCount.IGNORED) {
            registry.counter("pente.rating.games", "result", Result.IGNORED.name()).increment();
            return Uni.createFrom().item(Result.IGNORED);
        }
        Instant now = Contracts.now();
        return Panache.withTransaction(() -> store.claim(ended, count == GameCount.RATED, now).flatMap(claimed -> {
                    if (!claimed) {
                        return Uni.createFrom().item(Result.DUPLICATE);
                    }
                    if (count == GameCount.STATISTICS_ONLY) {
                        return Uni.createFrom().item(Result.COUNTED);
                    }
                    return rate(ended, now).replaceWith(Result.RATED);
                }))
                .invoke(result -> {
                    registry.counter("pente.rating.games", "result", result.name()).increment();
                    if (result == Result.RATED) {
                        outbox.wake();
                    }
                    LOG.debugf("game %s: %s", ended.gameId(), result);
                });
    }

    private Uni<Void> rate(GameEnded ended, Instant now) {
        PlayerRef white = ended.white();
        PlayerRef black = ended.black();
        boolean whiteFirst = white.id().compareTo(black.id()) < 0;
        PlayerRef first = whiteFirst ? white : black;
        PlayerRef second = whiteFirst ? black : white;
        return store.ensurePlayer(first, EloPolicy.INITIAL_RATING, now)
                .chain(() -> store.ensurePlayer(second, EloPolicy.INITIAL_RATING, now))
                .chain(() -> store.lock(first.id()))
                .chain(firstRow -> store.lock(second.id()).chain(secondRow -> {
                    PlayerEntity whiteRow = whiteFirst ? firstRow : secondRow;
                    PlayerEntity blackRow = whiteFirst ? secondRow : firstRow;
                    return apply(ended, whiteRow, blackRow, now);
                }));
    }

    private Uni<Void> apply(GameEnded ended, PlayerEntity whiteRow, PlayerEntity blackRow, Instant now) {
        EloPolicy.Outcome whiteOutcome = ended.result() == Status.WHITE_WINS ? EloPolicy.Outcome.WIN
                : ended.result() == Status.BLACK_WINS ? EloPolicy.Outcome.LOSS : EloPolicy.Outcome.DRAW;
        EloPolicy.Standing whiteBefore = whiteRow.standing();
        EloPolicy.Standing blackBefore = blackRow.standing();
        EloPolicy.Change whiteChange;
        EloPolicy.Change blackChange;
        try {
            whiteChange = EloPolicy.rate(whiteBefore, blackBefore, whiteOutcome);
            blackChange = EloPolicy.rate(blackBefore, whiteBefore, whiteOutcome.opposite());
        } catch (RuntimeException e) {
            return Uni.createFrom().failure(new PoisonEventException(ended, e));
        }
        whiteRow.name = ended.white().name();
        blackRow.name = ended.black().name();
        whiteRow.record(Color.WHITE, whiteOutcome, whiteChange.after(), now);
        blackRow.record(Color.BLACK, whiteOutcome.opposite(), blackChange.after(), now);
        return history(ended, whiteRow, Color.WHITE, whiteOutcome, blackRow.playerId, blackBefore, whiteChange)
                .chain(() -> history(ended, blackRow, Color.BLACK, whiteOutcome.opposite(), whiteRow.playerId, whiteBefore, blackChange))
                .chain(() -> outbox(ended, whiteRow, whiteChange, now))
                .chain(() -> outbox(ended, blackRow, blackChange, now));
    }

    private static Uni<Void> history(GameEnded ended, PlayerEntity row, Color colour, EloPolicy.Outcome outcome,
                                     String opponentId, EloPolicy.Standing opponent, EloPolicy.Change change) {
        RatingChangeEntity line = new RatingChangeEntity();
        line.playerId = row.playerId;
        line.gameId = ended.gameId();
        line.gameNo = row.games;
        line.colour = colour.name();
        line.outcome = outcome.name();
        line.opponentId = opponentId;
        line.opponentRating = opponent.rating();
        line.k = change.k();
        line.ratingBefore = change.before();
        line.ratingAfter = change.after();
        line.provisional = row.provisional();
        line.occurredAt = ended.occurredAt();
        return line.persist().replaceWithVoid();
    }

    private static Uni<Void> outbox(GameEnded ended, PlayerEntity row, EloPolicy.Change change, Instant now) {
        RatingChanged event = new RatingChanged(Contracts.SCHEMA_VERSION, Contracts.newId(), row.playerId, ended.gameId(),
                change.before(), change.after(), row.provisional(), now, RatingChanged.Cause.GAME);
        OutboxEntity entry = new OutboxEntity();
        entry.eventId = event.eventId();
        entry.playerId = event.playerId();
        entry.gameId = event.gameId();
        entry.payload = json(event);
        entry.createdAt = now;
        return entry.persist().replaceWithVoid();
    }

    private static String json(RatingChanged event) {
        try {
            return Contracts.json().writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write event " + event, e);
        }
    }
}

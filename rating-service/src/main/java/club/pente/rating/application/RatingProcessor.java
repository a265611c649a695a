package club.pente.rating.application;

import club.pente.core.contract.AuditAction;
import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.AuditOutcome;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameAnnulled;
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

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

/**
 * Applies one finished game, in one transaction: claim its id (a repeat stops here), and for a rated game
 * create both players' rows in the game's rating category ({@code GameEnded.ratingCategory()}: its variant at its
 * speed; records from before variants are pente-live) if new, lock both rows in player-id order (no deadlock between two games sharing
 * players), rate both from their standings before the game, append a history line each and put one
 * RatingChanged per player into the outbox.
 */
@ApplicationScoped
public class RatingProcessor {
    private static final Logger LOG = Logger.getLogger(RatingProcessor.class);

    /** What became of an event. */
    public enum Result {
        IGNORED, DUPLICATE, COUNTED, RATED,
        /** A GameAnnulled: the game's rating changes reversed for both players. */
        REVERSED,
        /** A GameAnnulled of a game not rated here (casual, with a guest or the computer, or not seen yet): recorded only. */
        ANNULLED_UNRATED
    }

    public static final String SERVICE = "rating-service";
    /** The audit detail of an annulment that had no rating to reverse. */
    public static final String NOT_RATED = "not rated";

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

    /**
     * Applies an annulment, in one transaction: records it (a game already annulled stops here, so a redelivered
     * or duplicated GameAnnulled changes nothing), marks the finished game, and for a game rated here locks both
     * players in id order and takes the game back: rating minus the game's change, one game and its outcome
     * fewer, a history line and a compensating RatingChanged (cause ANNULMENT) each. Audited as REVERSE_RATINGS
     * (row and outbox record to pente.admin.audit) in the same transaction.
     */
    public Uni<Result> annul(GameAnnulled annulled) {
        Instant now = Contracts.now();
        return Panache.withTransaction(() -> store.lockGame(annulled.gameId())
                        .chain(() -> store.finishedGame(annulled.gameId()))
                        .chain(game -> {
                            boolean rated = game != null && game.rated;
                            return store.recordAnnulment(annulled, rated, now).chain(recorded -> {
                                if (!recorded) {
                                    return Uni.createFrom().item(Result.DUPLICATE);
                                }
                                if (game != null) {
                                    game.annulledAt = annulled.occurredAt();
                                }
                                Uni<String> detail = rated ? reverse(annulled, now) : Uni.createFrom().item(NOT_RATED);
                                return detail.chain(text -> audit(auditEntry(annulled, text, now)))
                                        .replaceWith(rated ? Result.REVERSED : Result.ANNULLED_UNRATED);
                            });
                        }))
                .invoke(result -> {
                    registry.counter("pente.rating.annulments", "result", result.name()).increment();
                    if (result != Result.DUPLICATE) {
                        outbox.wake();
                    }
                    LOG.infof("annulment of game %s by %s: %s", annulled.gameId(), annulled.staff().username(), result);
                });
    }

    /** The audit entry of an annulment; its id is derived from the game, so a second one is never written. */
    static AuditEntry auditEntry(GameAnnulled annulled, String detail, Instant now) {
        return AuditEntry.of(auditId(annulled.gameId()), now, SERVICE, annulled.staff(), AuditAction.REVERSE_RATINGS,
                annulled.gameId(), annulled.gameId(), annulled.reason(), AuditOutcome.APPLIED, detail);
    }

    public static String auditId(String gameId) {
        return derivedId(AuditAction.REVERSE_RATINGS.name() + "/" + gameId);
    }

    /** The compensating RatingChanged's event id: one per game and player, whatever the redelivery. */
    public static String annulmentEventId(String gameId, String playerId) {
        return derivedId(RatingChanged.Cause.ANNULMENT.name() + "/" + gameId + "/" + playerId);
    }

    private static String derivedId(String name) {
        return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)).toString();
    }

    private Uni<Void> audit(AuditEntry entry) {
        OutboxEntity record = new OutboxEntity();
        record.channel = OutboxEntity.AUDIT;
        record.eventId = entry.auditId();
        record.recordKey = entry.targetId();
        record.gameId = entry.gameId();
        record.payload = json(entry);
        record.createdAt = entry.occurredAt();
        return store.audit(entry).chain(() -> record.persist()).replaceWithVoid();
    }

    /** Both players' changes taken back; the audit detail, white first: "alice 1520->1500, bob 1480->1500". */
    private Uni<String> reverse(GameAnnulled annulled, Instant now) {
        return store.gameLines(annulled.gameId()).chain(lines -> {
            if (lines.size() != 2) {
                return Uni.createFrom().failure(new IllegalStateException("rated game " + annulled.gameId() + " has "
                        + lines.size() + " history lines, not 2"));
            }
            // In player-id order, as every rating transaction locks them.
            RatingChangeEntity first = lines.get(0);
            RatingChangeEntity second = lines.get(1);
            // Both lines are in the game's category: that is the rating the annulment gives back.
            return store.lock(first.playerId, first.category).chain(firstRow -> store.lock(second.playerId, second.category).chain(secondRow -> {
                String firstDetail = takeBack(first, firstRow, annulled, now);
                String secondDetail = takeBack(second, secondRow, annulled, now);
                String detail = Color.WHITE.name().equals(first.colour) ? firstDetail + ", " + secondDetail
                        : secondDetail + ", " + firstDetail;
                RatingChanged firstEvent = compensation(annulled, first, firstRow, now);
                RatingChanged secondEvent = compensation(annulled, second, secondRow, now);
                return backLine(first, firstRow, annulled, firstEvent)
                        .chain(() -> backLine(second, secondRow, annulled, secondEvent))
                        .chain(() -> outbox(firstEvent))
                        .chain(() -> outbox(secondEvent))
                        .replaceWith(detail.length() > AuditEntry.MAX_DETAIL ? detail.substring(0, AuditEntry.MAX_DETAIL) : detail);
            }));
        });
    }

    /** Takes the game's line back from the player's row; what it did, for the audit detail. */
    private static String takeBack(RatingChangeEntity line, PlayerEntity row, GameAnnulled annulled, Instant now) {
        int before = row.rating;
        int after = before - (line.ratingAfter - line.ratingBefore);
        row.takeBack(Color.valueOf(line.colour), EloPolicy.Outcome.valueOf(line.outcome), after, now);
        return row.name + " " + before + "->" + after;
    }

    private static RatingChanged compensation(GameAnnulled annulled, RatingChangeEntity line, PlayerEntity row, Instant now) {
        int after = row.rating;
        int before = after + (line.ratingAfter - line.ratingBefore);
        return new RatingChanged(Contracts.SCHEMA_VERSION, annulmentEventId(annulled.gameId(), row.playerId), row.playerId,
                annulled.gameId(), before, after, row.provisional(), now, RatingChanged.Cause.ANNULMENT, row.category);
    }

    /** The history line of the reversal: the annulled game's colour, outcome, opponent and K, the rating back. */
    private static Uni<Void> backLine(RatingChangeEntity game, PlayerEntity row, GameAnnulled annulled, RatingChanged event) {
        RatingChangeEntity line = new RatingChangeEntity();
        line.playerId = row.playerId;
        line.gameId = game.gameId;
        line.category = row.category;
        line.gameNo = row.games;
        line.lineNo = row.lines;
        line.cause = RatingChanged.Cause.ANNULMENT.name();
        line.colour = game.colour;
        line.outcome = game.outcome;
        line.opponentId = game.opponentId;
        line.opponentRating = game.opponentRating;
        line.k = game.k;
        line.ratingBefore = event.before();
        line.ratingAfter = event.after();
        line.provisional = row.provisional();
        line.occurredAt = annulled.occurredAt();
        return line.persist().replaceWithVoid();
    }

    /** The rating category a ranked game is rated in: its variant at its speed; a record from before variants is pente-live. */
    public static String categoryOf(GameEnded ended) {
        return ended.ratingCategory().id();
    }

    private Uni<Void> rate(GameEnded ended, Instant now) {
        PlayerRef white = ended.white();
        PlayerRef black = ended.black();
        boolean whiteFirst = white.id().compareTo(black.id()) < 0;
        PlayerRef first = whiteFirst ? white : black;
        PlayerRef second = whiteFirst ? black : white;
        String category = categoryOf(ended);
        return store.ensurePlayer(first, category, EloPolicy.INITIAL_RATING, now)
                .chain(() -> store.ensurePlayer(second, category, EloPolicy.INITIAL_RATING, now))
                .chain(() -> store.lock(first.id(), category))
                .chain(firstRow -> store.lock(second.id(), category).chain(secondRow -> {
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
        line.category = row.category;
        line.gameNo = row.games;
        line.lineNo = row.lines;
        line.cause = RatingChanged.Cause.GAME.name();
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
        return outbox(new RatingChanged(Contracts.SCHEMA_VERSION, Contracts.newId(), row.playerId, ended.gameId(),
                change.before(), change.after(), row.provisional(), now, RatingChanged.Cause.GAME, row.category));
    }

    static Uni<Void> outbox(RatingChanged event) {
        OutboxEntity entry = new OutboxEntity();
        entry.channel = OutboxEntity.RATINGS;
        entry.eventId = event.eventId();
        entry.recordKey = event.playerId();
        entry.gameId = event.gameId();
        entry.payload = json(event);
        entry.createdAt = event.occurredAt();
        return entry.persist().replaceWithVoid();
    }

    static String json(Object event) {
        try {
            return Contracts.json().writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write event " + event, e);
        }
    }
}

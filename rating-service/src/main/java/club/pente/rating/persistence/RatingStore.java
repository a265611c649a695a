package club.pente.rating.persistence;

import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.GameAnnulled;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RatingChanged;
import club.pente.kit.audit.AuditLog;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Writes of the rating side. Every method runs inside the caller's reactive transaction
 * ({@code Panache.withTransaction}), so a game's claim, both players' new standings, their history lines
 * and the outbox events commit together or not at all.
 */
@ApplicationScoped
public class RatingStore {

    /**
     * Records the game as seen; false when it already was (a redelivery or a repeat), in which case the
     * caller changes nothing. A concurrent transaction claiming the same game waits on the primary key
     * until the first one commits, then finds it taken.
     */
    public Uni<Boolean> claim(GameEnded ended, boolean rated, Instant now) {
        // An annulment recorded before the game was seen: the game never counts.
        return lockGame(ended.gameId()).chain(() -> Panache.getSession()).chain(session -> session.createNativeQuery(
                        "insert into finished_games (game_id, event_id, white_id, black_id, ranked, rated, result, reason, ended_at, processed_at, "
                                + "category) select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11 "
                                + "where not exists (select 1 from game_annulments where game_id = ?1) on conflict (game_id) do nothing")
                .setParameter(1, ended.gameId())
                .setParameter(2, ended.eventId())
                .setParameter(3, ended.white().id())
                .setParameter(4, ended.black().id())
                .setParameter(5, ended.ranked())
                .setParameter(6, rated)
                .setParameter(7, ended.result().name())
                .setParameter(8, ended.reason().name())
                .setParameter(9, utc(ended.occurredAt()))
                .setParameter(10, utc(now))
                .setParameter(11, club.pente.rating.application.RatingProcessor.categoryOf(ended))
                .executeUpdate()).map(inserted -> inserted == 1);
    }

    /**
     * Serialises the game's GameEnded and GameAnnulled (a transaction-scoped advisory lock on the game id), so an
     * annulment of a game not seen yet and that game's late GameEnded cannot both commit unaware of each other.
     * The two-key form lives apart from the outbox relay's one-key lock.
     */
    public Uni<Void> lockGame(String gameId) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "select 1 from (select pg_advisory_xact_lock(" + GAME_LOCK_SPACE + ", hashtext(?1))) locked", Integer.class)
                .setParameter(1, gameId)
                .getSingleResult()).replaceWithVoid();
    }

    /** "Rate" */
    private static final int GAME_LOCK_SPACE = 0x52617465;

    /** The finished game as seen here, or null when no GameEnded for it was seen. */
    public Uni<FinishedGameEntity> finishedGame(String gameId) {
        return FinishedGameEntity.findById(gameId);
    }

    /**
     * Records the annulment; false when the game was already annulled (a redelivery or a duplicate), in which case
     * the caller changes nothing. Call after {@link #lockGame}.
     */
    public Uni<Boolean> recordAnnulment(GameAnnulled annulled, boolean reversed, Instant now) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "insert into game_annulments (game_id, event_id, white_id, black_id, reversed, staff_id, staff_name, reason, "
                                + "annulled_at, processed_at) values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) on conflict (game_id) do nothing")
                .setParameter(1, annulled.gameId())
                .setParameter(2, annulled.eventId())
                .setParameter(3, annulled.white().id())
                .setParameter(4, annulled.black().id())
                .setParameter(5, reversed)
                .setParameter(6, annulled.staff().subject())
                .setParameter(7, annulled.staff().username())
                .setParameter(8, annulled.reason())
                .setParameter(9, utc(annulled.occurredAt()))
                .setParameter(10, utc(now))
                .executeUpdate()).map(inserted -> inserted == 1);
    }

    /** The history lines the game wrote (one per player), in player-id order. */
    public Uni<List<RatingChangeEntity>> gameLines(String gameId) {
        return RatingChangeEntity.<RatingChangeEntity>find("gameId = ?1 and cause = ?2 order by playerId", gameId,
                RatingChanged.Cause.GAME.name()).list();
    }

    /** Appends the entry to admin_audit in the caller's transaction (nothing when its id is there already). */
    public Uni<Void> audit(AuditEntry entry) {
        List<Object> values = AuditLog.parameters(entry);
        return Panache.getSession().chain(session -> {
            var query = session.createNativeQuery(NUMBERED_AUDIT_INSERT);
            for (int i = 0; i < values.size(); i++) {
                Object value = values.get(i);
                query.setParameter(i + 1, value instanceof Timestamp at ? utc(at.toInstant()) : value);
            }
            return query.executeUpdate();
        }).replaceWithVoid();
    }

    /** The kit's JDBC statement with numbered placeholders (?1 ... ?13), as Hibernate Reactive binds them. */
    private static final String NUMBERED_AUDIT_INSERT = numbered(AuditLog.INSERT);

    static String numbered(String sql) {
        StringBuilder out = new StringBuilder();
        int n = 0;
        for (char c : sql.toCharArray()) {
            if (c == '?') {
                out.append('?').append(++n);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Creates the player's row in the category at the initial rating unless it exists. */
    public Uni<Void> ensurePlayer(PlayerRef player, String category, int initialRating, Instant now) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "insert into players (player_id, category, name, rating, games, wins, losses, draws, white_games, white_wins, "
                                + "white_losses, white_draws, black_games, black_wins, black_losses, black_draws, updated_at) "
                                + "values (?1, ?5, ?2, ?3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ?4) on conflict (player_id, category) do nothing")
                .setParameter(1, player.id())
                .setParameter(2, player.name())
                .setParameter(3, initialRating)
                .setParameter(4, utc(now))
                .setParameter(5, category)
                .executeUpdate()).replaceWithVoid();
    }

    /** The player's row in the category, locked ({@code select ... for update}) until the transaction ends. */
    public Uni<PlayerEntity> lock(String playerId, String category) {
        return PlayerEntity.<PlayerEntity>findById(new PlayerEntity.Key(playerId, category), LockModeType.PESSIMISTIC_WRITE);
    }

    static OffsetDateTime utc(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }
}

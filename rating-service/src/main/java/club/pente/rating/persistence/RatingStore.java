package club.pente.rating.persistence;

import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PlayerRef;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

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
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "insert into finished_games (game_id, event_id, white_id, black_id, ranked, rated, result, reason, ended_at, processed_at) "
                                + "values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) on conflict (game_id) do nothing")
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
                .executeUpdate()).map(inserted -> inserted == 1);
    }

    /** Creates the player's row at the initial rating unless it exists. */
    public Uni<Void> ensurePlayer(PlayerRef player, int initialRating, Instant now) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "insert into players (player_id, name, rating, games, wins, losses, draws, white_games, white_wins, white_losses, "
                                + "white_draws, black_games, black_wins, black_losses, black_draws, updated_at) "
                                + "values (?1, ?2, ?3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ?4) on conflict (player_id) do nothing")
                .setParameter(1, player.id())
                .setParameter(2, player.name())
                .setParameter(3, initialRating)
                .setParameter(4, utc(now))
                .executeUpdate()).replaceWithVoid();
    }

    /** The player's row, locked ({@code select ... for update}) until the transaction ends. */
    public Uni<PlayerEntity> lock(String playerId) {
        return PlayerEntity.<PlayerEntity>findById(playerId, LockModeType.PESSIMISTIC_WRITE);
    }

    private static OffsetDateTime utc(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }
}

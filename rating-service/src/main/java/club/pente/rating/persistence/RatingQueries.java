package club.pente.rating.persistence;

import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.rating.domain.EloPolicy;
import club.pente.rating.domain.Statistics;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Read side for the REST API; runs in the caller's reactive session. */
@ApplicationScoped
public class RatingQueries {

    public Uni<PlayerEntity> player(String playerId) {
        return PlayerEntity.findById(playerId);
    }

    /** The player's most recent rating changes, newest first. */
    public Uni<List<RatingChangeEntity>> history(String playerId, int limit) {
        return RatingChangeEntity.<RatingChangeEntity>find("playerId = ?1 order by gameNo desc", playerId).page(0, limit).list();
    }

    /** Established players by rating (more games, then id, break ties), one page. */
    public Uni<List<PlayerEntity>> leaderboard(int page, int size) {
        return PlayerEntity.<PlayerEntity>find("games >= ?1 order by rating desc, games desc, playerId", EloPolicy.PROVISIONAL_GAMES)
                .page(page, size).list();
    }

    public Uni<Long> establishedPlayers() {
        return PlayerEntity.count("games >= ?1", EloPolicy.PROVISIONAL_GAMES);
    }

    public Uni<Statistics> statistics() {
        return Panache.getSession().chain(session -> session
                .createQuery("select f.result, f.reason, count(f) from FinishedGameEntity f group by f.result, f.reason", Object[].class)
                .getResultList()
                .map(rows -> {
                    long white = 0;
                    long black = 0;
                    long draws = 0;
                    Map<EndReason, Long> reasons = new EnumMap<>(EndReason.class);
                    for (Object[] row : rows) {
                        long n = ((Number) row[2]).longValue();
                        switch (Status.valueOf((String) row[0])) {
                            case WHITE_WINS -> white += n;
                            case BLACK_WINS -> black += n;
                            default -> draws += n;
                        }
                        reasons.merge(EndReason.valueOf((String) row[1]), n, Long::sum);
                    }
                    return Statistics.of(white, black, draws, reasons);
                }));
    }
}

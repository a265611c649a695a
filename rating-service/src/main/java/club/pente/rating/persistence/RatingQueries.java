package club.pente.rating.persistence;

import club.pente.core.contract.RatingCategory;
import club.pente.core.contract.RatingChanged;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.rating.application.RatingReads;
import club.pente.rating.domain.EloPolicy;
import club.pente.rating.domain.Statistics;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Page;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.Map;

/** {@link RatingReads} on Hibernate Reactive; every call runs in a session of its own ({@code Panache.withSession}). */
@ApplicationScoped
public class RatingQueries implements RatingReads {
    // seq: the order lines were written; within a category that is line order (each row's lines are written under its lock).
    private static final String HISTORY = "playerId = :playerId order by seq desc";
    private static final String RATED = "category = :category and games >= 1";
    private static final String LIVE = RatingCategory.DEFAULT.id();
    // Established players first, then the provisional ones (a new club's board is not empty), each by rating.
    private static final String LEADERBOARD = RATED + " order by case when games >= :established then 0 else 1 end, "
            + "rating desc, games desc, playerId";
    private static final String STATISTICS = "select f.result, f.reason, count(f) from FinishedGameEntity f where f.annulledAt is null "
            + "group by f.result, f.reason";
    private static final String CATEGORY_STATISTICS = "select f.result, f.reason, count(f) from FinishedGameEntity f "
            + "where f.annulledAt is null and f.category = :category group by f.result, f.reason";

    @Override
    public Uni<RatedPlayer> player(String playerId, RatingCategory category) {
        return Panache.withSession(() -> PlayerEntity.<PlayerEntity>findById(new PlayerEntity.Key(playerId, category.id()))
                .map(RatingQueries::player));
    }

    @Override
    public Uni<Profile> profile(String playerId, int historyLimit) {
        return Panache.withSession(() -> PlayerEntity.<PlayerEntity>list("playerId", playerId).flatMap(rows -> {
            if (rows.isEmpty()) {
                return Uni.createFrom().nullItem();
            }
            List<RatedPlayer> categories = categories(rows);
            Uni<List<RatingChangeEntity>> lines = historyLimit == 0 ? Uni.createFrom().item(List.of())
                    : RatingChangeEntity.<RatingChangeEntity>find(HISTORY, Parameters.with("playerId", playerId))
                    .page(Page.ofSize(historyLimit)).list();
            return lines.flatMap(history -> annulled(history).map(annulled -> new Profile(categories.get(0), categories,
                    history.stream().map(row -> change(row, annulled.contains(row.gameId))).toList())));
        }));
    }

    /**
     * The player's rows in {@link RatingCategory#all()} order, pente-live first and always there (the initial rating when
     * the player has rated games in other categories only; named as their latest row).
     */
    static List<RatedPlayer> categories(List<PlayerEntity> rows) {
        PlayerEntity latest = rows.get(0);
        for (PlayerEntity row : rows) {
            if (row.updatedAt != null && (latest.updatedAt == null || row.updatedAt.isAfter(latest.updatedAt))) {
                latest = row;
            }
        }
        List<RatedPlayer> categories = new ArrayList<>();
        for (RatingCategory category : RatingCategory.all()) {
            PlayerEntity found = null;
            for (PlayerEntity row : rows) {
                if (row.category.equals(category.id())) {
                    found = row;
                }
            }
            if (found != null) {
                categories.add(player(found));
            } else if (category.equals(RatingCategory.DEFAULT)) {
                categories.add(RatedPlayer.unrated(latest.playerId, latest.name, LIVE));
            }
        }
        return categories;
    }

    /** Which of the lines' games were annulled. */
    private static Uni<Set<String>> annulled(List<RatingChangeEntity> rows) {
        Set<String> ids = new HashSet<>();
        for (RatingChangeEntity row : rows) {
            ids.add(row.gameId);
        }
        if (ids.isEmpty()) {
            return Uni.createFrom().item(Set.of());
        }
        // A game with history lines was seen, so its finished_games row carries the mark.
        return Panache.getSession().chain(session -> session
                .createQuery("select f.gameId from FinishedGameEntity f where f.gameId in (:ids) and f.annulledAt is not null", String.class)
                .setParameter("ids", List.copyOf(ids))
                .getResultList()).map(Set::copyOf);
    }

    @Override
    public Uni<List<RatedPlayer>> players(Collection<String> playerIds) {
        if (playerIds.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return Panache.withSession(() -> PlayerEntity.<PlayerEntity>list("category = ?1 and playerId in ?2", LIVE, List.copyOf(playerIds))
                .map(rows -> rows.stream().map(RatingQueries::player).toList()));
    }

    @Override
    public Uni<List<RatedPlayer>> playersNamed(String text, int limit) {
        // The text is a parameter and its LIKE wildcards are escaped (with '!'): it matches literally.
        String pattern = "%" + text.toLowerCase(java.util.Locale.ROOT).replace("!", "!!").replace("%", "!%").replace("_", "!_") + "%";
        return Panache.withSession(() -> PlayerEntity.<PlayerEntity>find("category = ?2 and lower(name) like ?1 escape '!' "
                                + "order by rating desc, games desc, playerId", pattern, LIVE)
                .page(Page.ofSize(limit)).list()
                .map(rows -> rows.stream().map(RatingQueries::player).toList()));
    }

    @Override
    public Uni<Long> outboxBacklog() {
        return Panache.withSession(() -> OutboxEntity.count("publishedAt is null"));
    }

    @Override
    public Uni<LeaderboardPage> leaderboard(RatingCategory category, int page, int size) {
        Parameters established = Parameters.with("established", EloPolicy.PROVISIONAL_GAMES).and("category", category.id());
        return Panache.withSession(() -> PlayerEntity.count(RATED, Parameters.with("category", category.id())).flatMap(total -> PlayerEntity
                .<PlayerEntity>find(LEADERBOARD, established).page(page, size).list()
                .map(players -> new LeaderboardPage(total, players.stream().map(RatingQueries::player).toList()))));
    }

    @Override
    public Uni<Statistics> statistics(RatingCategory category) {
        return Panache.withSession(() -> Panache.getSession().chain(session -> (category == null
                ? session.createQuery(STATISTICS, Object[].class)
                : session.createQuery(CATEGORY_STATISTICS, Object[].class).setParameter("category", category.id()))
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
                })));
    }

    private static RatedPlayer player(PlayerEntity p) {
        return p == null ? null : new RatedPlayer(p.playerId, p.name, p.rating, p.provisional(), new Record(p.games, p.wins, p.losses, p.draws),
                new Record(p.whiteGames, p.whiteWins, p.whiteLosses, p.whiteDraws),
                new Record(p.blackGames, p.blackWins, p.blackLosses, p.blackDraws), p.category);
    }

    private static RatingChange change(RatingChangeEntity row, boolean annulled) {
        return new RatingChange(row.gameNo, row.gameId, Color.valueOf(row.colour), EloPolicy.Outcome.valueOf(row.outcome), row.opponentId,
                row.opponentRating, row.k, row.ratingBefore, row.ratingAfter, row.provisional, row.occurredAt,
                RatingChanged.Cause.valueOf(row.cause), annulled, row.category);
    }
}

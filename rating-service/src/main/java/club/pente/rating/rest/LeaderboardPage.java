package club.pente.rating.rest;

import java.util.List;

/**
 * One page of the leaderboard: established players by rating, then provisional ones (fewer rated games
 * than {@code EloPolicy.PROVISIONAL_GAMES}, marked {@code provisional}) by rating; {@code rank} counts from 1
 * over all pages. {@code category}: the rating category listed ({@code RatingCategory.id()}).
 */
public record LeaderboardPage(int page, int size, long total, List<Entry> entries, String category) {

    public record Entry(long rank, String playerId, String name, int rating, int games, int wins, int losses, int draws,
                        boolean provisional) {
    }
}

package club.pente.rating.application;

import club.pente.core.rules.Color;
import club.pente.rating.domain.EloPolicy;
import club.pente.rating.domain.Statistics;
import io.smallrye.mutiny.Uni;

import java.time.Instant;
import java.util.List;

/** The read side of the ratings for the REST API, non-blocking; each call reads in a session of its own. */
public interface RatingReads {
    /** A player's record over all rated games and by colour. */
    record Record(int games, int wins, int losses, int draws) {
    }

    /** A rated player's standing. */
    record RatedPlayer(String playerId, String name, int rating, boolean provisional, Record overall, Record asWhite,
                       Record asBlack) {
    }

    /** One line of a player's rating history: their {@code gameNo}-th rated game. */
    record RatingChange(int gameNo, String gameId, Color colour, EloPolicy.Outcome outcome, String opponentId, int opponentRating,
                        int k, int ratingBefore, int ratingAfter, boolean provisional, Instant occurredAt) {
    }

    /** A player's standing and their latest rating changes, newest first. */
    record Profile(RatedPlayer player, List<RatingChange> history) {
    }

    /** One page of rated players (established first, then provisional), and how many there are in all. */
    record LeaderboardPage(long total, List<RatedPlayer> players) {
    }

    /** The player, or null when they have no rated game. */
    Uni<RatedPlayer> player(String playerId);

    /** The player with at most {@code historyLimit} rating changes (0: none read), or null when they have no rated game. */
    Uni<Profile> profile(String playerId, int historyLimit);

    /**
     * Rated players, one page (from 0): the established ones by rating, then the provisional ones by rating
     * (more games, then id, break ties).
     */
    Uni<LeaderboardPage> leaderboard(int page, int size);

    /** All finished games seen (aborted excluded): wins by colour, draws, end reasons. */
    Uni<Statistics> statistics();
}

package club.pente.rating.application;

import club.pente.core.contract.RatingChanged;
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

    /**
     * One line of a player's rating history: a rated game ({@code cause} GAME) or its annulment (ANNULMENT, the same
     * colour, outcome, opponent and K, the change taken back). {@code gameNo}: rated games counted after the line.
     * {@code annulled}: the game was annulled (true on both of its lines).
     */
    record RatingChange(int gameNo, String gameId, Color colour, EloPolicy.Outcome outcome, String opponentId, int opponentRating,
                        int k, int ratingBefore, int ratingAfter, boolean provisional, Instant occurredAt, RatingChanged.Cause cause,
                        boolean annulled) {
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

    /** All finished games seen (aborted and annulled excluded): wins by colour, draws, end reasons. */
    Uni<Statistics> statistics();

    /** Players (with or without counted games) by id, for the staff search. */
    Uni<List<RatedPlayer>> players(java.util.Collection<String> playerIds);

    /** Players whose name contains {@code text} (case-insensitive), best rating first: the search without Keycloak. */
    Uni<List<RatedPlayer>> playersNamed(String text, int limit);

    /** Outbox rows not yet published. */
    Uni<Long> outboxBacklog();
}

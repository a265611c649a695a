package club.pente.rating.application;

import club.pente.core.contract.RatingCategory;
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

    Record NONE = new Record(0, 0, 0, 0);

    /** A rated player's standing in one rating category ({@code RatingCategory.id()}). */
    record RatedPlayer(String playerId, String name, int rating, boolean provisional, Record overall, Record asWhite,
                       Record asBlack, String category) {
        /** A pente-live standing (the form before categories). */
        public RatedPlayer(String playerId, String name, int rating, boolean provisional, Record overall, Record asWhite,
                           Record asBlack) {
            this(playerId, name, rating, provisional, overall, asWhite, asBlack, RatingCategory.DEFAULT.id());
        }

        /** The standing of a player without a rated game in the category: the initial rating, provisional. */
        public static RatedPlayer unrated(String playerId, String name, String category) {
            return new RatedPlayer(playerId, name, EloPolicy.INITIAL_RATING, true, NONE, NONE, NONE, category);
        }
    }

    /**
     * One line of a player's rating history: a rated game ({@code cause} GAME) or its annulment (ANNULMENT, the same
     * colour, outcome, opponent and K, the change taken back). {@code gameNo}: rated games counted after the line.
     * {@code annulled}: the game was annulled (true on both of its lines).
     */
    record RatingChange(int gameNo, String gameId, Color colour, EloPolicy.Outcome outcome, String opponentId, int opponentRating,
                        int k, int ratingBefore, int ratingAfter, boolean provisional, Instant occurredAt, RatingChanged.Cause cause,
                        boolean annulled, String category) {
        /** A pente-live line (the form before categories). */
        public RatingChange(int gameNo, String gameId, Color colour, EloPolicy.Outcome outcome, String opponentId, int opponentRating,
                            int k, int ratingBefore, int ratingAfter, boolean provisional, Instant occurredAt, RatingChanged.Cause cause,
                            boolean annulled) {
            this(gameNo, gameId, colour, outcome, opponentId, opponentRating, k, ratingBefore, ratingAfter, provisional, occurredAt,
                    cause, annulled, RatingCategory.DEFAULT.id());
        }
    }

    /**
     * A player's pente-live standing ({@link RatedPlayer#unrated} when they have rated games in other categories only),
     * their standing in each category they have a row in (pente-live always, first; then {@link RatingCategory#all()}
     * order), and their latest rating changes in any category, newest first.
     */
    record Profile(RatedPlayer player, List<RatedPlayer> categories, List<RatingChange> history) {
        /** A pente-live profile (the form before categories). */
        public Profile(RatedPlayer player, List<RatingChange> history) {
            this(player, List.of(player), history);
        }
    }

    /** One page of rated players (established first, then provisional), and how many there are in all. */
    record LeaderboardPage(long total, List<RatedPlayer> players) {
    }

    /** The player's standing in the category, or null when they have no rated game in it. */
    Uni<RatedPlayer> player(String playerId, RatingCategory category);

    /**
     * The player with at most {@code historyLimit} rating changes (0: none read), or null when they have no rated game in
     * any category.
     */
    Uni<Profile> profile(String playerId, int historyLimit);

    /**
     * Rated players of the category, one page (from 0): the established ones by rating, then the provisional ones by
     * rating (more games, then id, break ties).
     */
    Uni<LeaderboardPage> leaderboard(RatingCategory category, int page, int size);

    /**
     * Finished games seen (aborted and annulled excluded), of one category or (null) of all: wins by colour, draws,
     * end reasons.
     */
    Uni<Statistics> statistics(RatingCategory category);

    /** Players' pente-live standings (with or without counted games) by id, for the staff search. */
    Uni<List<RatedPlayer>> players(java.util.Collection<String> playerIds);

    /** Players whose name contains {@code text} (case-insensitive), best pente-live rating first: the search without Keycloak. */
    Uni<List<RatedPlayer>> playersNamed(String text, int limit);

    /** Outbox rows not yet published. */
    Uni<Long> outboxBacklog();
}

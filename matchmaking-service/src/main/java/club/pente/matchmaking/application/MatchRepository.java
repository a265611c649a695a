package club.pente.matchmaking.application;

import java.time.Instant;

/** Matches (N games between A, the inviter, and B). */
public interface MatchRepository {
    /** A new ongoing match, nothing played yet. */
    void insert(StoredMatch match, String invitationCode, Instant now);

    /** The match locked for this transaction, or null. */
    StoredMatch lock(String matchId);

    /** The match, or null. */
    StoredMatch find(String matchId);

    /** After a game: the new score, the next game (null when none) and, when finished, the end. */
    /** The game service refused one of the match's games: the match cannot go on. */
    void fail(String matchId, Instant now);

    void progress(String matchId, int gamesPlayed, int pointsA, int pointsB, String nextGameId, boolean finished, Instant now);
}

package club.pente.matchmaking.domain;

/**
 * A match is ongoing until its last game ended; FAILED when the game service refused one of its games.
 * Each constant's name is its spelling in {@code matches.status}.
 */
public enum MatchStatus {
    ONGOING, FINISHED, FAILED
}

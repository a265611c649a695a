package club.pente.matchmaking.domain;

/** A match is ongoing until its last game ended. Each constant's name is its spelling in {@code matches.status}. */
public enum MatchStatus {
    ONGOING, FINISHED
}

package club.pente.matchmaking.tournament;

/** OPEN (taking entries until startsAt), RUNNING, FINISHED (after the last round), CANCELLED. */
public enum TournamentStatus {
    OPEN, RUNNING, FINISHED, CANCELLED
}

package club.pente.matchmaking.tournament;

/** The order of the standings: tournament points then wins (the default), or wins then points. Seed breaks the rest. */
public enum Ranking {
    POINTS_THEN_WINS, WINS_THEN_POINTS
}

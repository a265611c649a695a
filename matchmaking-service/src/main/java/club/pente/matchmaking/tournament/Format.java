package club.pente.matchmaking.tournament;

/** How a tournament pairs its rounds. */
public enum Format {
    /** Each round pairs players of similar score who have not met, colours balanced, a bye when odd. */
    SWISS,
    /** Everyone meets everyone once (circle method), a bye each round when odd. */
    ROUND_ROBIN
}

package club.pente.ai.engine;

/**
 * How long one search may run. A time budget is soft: no new iteration starts after half of it, and
 * the search stops in the middle of one at the hard cap. A node budget stops after that many nodes and
 * makes results bit-identical for a given seed; it keeps a generous wall-time safety cap that ordinary
 * searches never reach.
 *
 * @param millis     target thinking time, or {@link Long#MAX_VALUE} for none
 * @param hardMillis the search never runs longer than this
 * @param nodes      node limit, or {@link Long#MAX_VALUE} for none
 */
public record Budget(long millis, long hardMillis, long nodes) {
    private static final long NODE_SAFETY_MILLIS = 60_000;

    public Budget {
        if (millis <= 0 || hardMillis <= 0 || nodes <= 0) {
            throw new IllegalArgumentException("budget limits must be positive");
        }
    }

    /** About {@code millis} of thinking, never more. */
    public static Budget millis(long millis) {
        return new Budget(millis, millis, Long.MAX_VALUE);
    }

    /** About {@code millis} of thinking, stopped at {@code hardMillis} at the latest. */
    public static Budget millis(long millis, long hardMillis) {
        return new Budget(millis, Math.max(millis, hardMillis), Long.MAX_VALUE);
    }

    /** A fixed amount of work: reproducible bit for bit, whatever the machine's speed or load. */
    public static Budget nodes(long nodes) {
        return new Budget(Long.MAX_VALUE, NODE_SAFETY_MILLIS, nodes);
    }

    /**
     * A budget for a move on a real clock (see {@link TimeManager#allocate}): the mover's time left, the
     * increment, its moves so far and the level's usual time per move. Its hard cap exceeds its target,
     * so the search may think longer when the position is unsettled.
     */
    public static Budget clock(long remainingMillis, long incrementMillis, int movesPlayed, long preferredMillis) {
        return TimeManager.allocate(remainingMillis, incrementMillis, movesPlayed, preferredMillis);
    }

    boolean timed() {
        return millis != Long.MAX_VALUE;
    }
}

package club.pente.ai.engine;

/**
 * How long to think on a real clock: pure arithmetic, no clock reading, so that it is tested as is.
 *
 * <p>The usable time is what remains minus a reserve (a fixed overhead for the network and the move's
 * round trip, plus a slice of the remaining time), shared over the moves the game may still last, plus
 * most of the increment. The target never exceeds {@code preferredMillis} times {@link #MAX_OVER_PREFERRED}
 * (thinking longer when the clock allows, but not for ever), and the hard cap lets the searcher
 * stretch the target in unsettled positions ({@link Searcher}) while never spending more than a
 * fraction of the usable time on one move. With almost nothing left the answer is a minimal budget,
 * never one beyond the clock.
 */
public final class TimeManager {
    /** Kept back from every allocation: the move still has to travel and be recorded. */
    public static final long OVERHEAD_MILLIS = 300;
    /** The least a search is given (a forced reply or a book move needs none of it). */
    public static final long MIN_MILLIS = 10;
    /** Moves (of the mover) the rest of a game is assumed to take at the least, and at the start. */
    static final int MIN_MOVES_TO_GO = 12;
    static final int MOVES_TO_GO_AT_START = 30;
    /** The target is at most this many times the preferred (level) time. */
    static final long MAX_OVER_PREFERRED = 3;
    /** The hard cap is at most this many times the target, and at most this share of the usable time. */
    static final long HARD_OVER_TARGET = 3;
    static final long HARD_SHARE_OF_USABLE = 5;

    private TimeManager() {
    }

    /**
     * The budget for one move.
     *
     * @param remainingMillis the mover's time left on its clock (may be 0 or negative when flagging)
     * @param incrementMillis added to its clock after each move (0 for none)
     * @param movesPlayed     moves the mover has played in this game so far
     * @param preferredMillis the level's usual time per move
     * @throws IllegalArgumentException for a negative increment or move count or a non-positive preferred time
     */
    public static Budget allocate(long remainingMillis, long incrementMillis, int movesPlayed, long preferredMillis) {
        if (incrementMillis < 0 || movesPlayed < 0 || preferredMillis <= 0) {
            throw new IllegalArgumentException("invalid clock: increment " + incrementMillis + ", moves " + movesPlayed
                    + ", preferred " + preferredMillis);
        }
        long usable = remainingMillis - reserve(remainingMillis);
        if (usable <= MIN_MILLIS) {
            return Budget.millis(MIN_MILLIS);
        }
        long share = usable / movesToGo(movesPlayed) + incrementMillis * 3 / 4;
        long target = clamp(Math.min(share, preferredMillis * MAX_OVER_PREFERRED), MIN_MILLIS, usable);
        long hard = clamp(Math.min(target * HARD_OVER_TARGET, Math.max(target, usable / HARD_SHARE_OF_USABLE
                + incrementMillis / 2)), target, usable);
        return Budget.millis(target, hard);
    }

    /** How many more moves the mover should plan for: fewer as the game goes on, never below a floor. */
    static int movesToGo(int movesPlayed) {
        return Math.max(MIN_MOVES_TO_GO, MOVES_TO_GO_AT_START - movesPlayed / 2);
    }

    /** The overhead plus a twentieth of the time left. */
    static long reserve(long remainingMillis) {
        return OVERHEAD_MILLIS + Math.max(0, remainingMillis) / 20;
    }

    private static long clamp(long value, long low, long high) {
        return Math.max(low, Math.min(high, value));
    }
}

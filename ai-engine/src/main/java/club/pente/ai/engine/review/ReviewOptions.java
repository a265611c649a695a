package club.pente.ai.engine.review;

import club.pente.ai.engine.Budget;
import club.pente.ai.engine.EngineConfig;

/**
 * How hard a review thinks about each ply.
 *
 * @param level        engine level of the reviewer, 5 to {@link EngineConfig#MAX_LEVEL}; lower levels play
 *                     random moves and judge through noise, so they cannot judge anyone
 * @param millisPerPly thinking time per ply of the game (used when {@code nodesPerPly} is 0)
 * @param nodesPerPly  node budget per ply; above 0 it replaces the time and makes the review reproducible
 *                     bit for bit for a given seed
 *
 * <p>A ply costs one search of the position before the move and, when the move played is not the
 * engine's best, one more (the position after the best move); each search gets half of the per-ply
 * budget, so a review of n plies takes at most about {@code (n + 1) * millisPerPly}.
 */
public record ReviewOptions(int level, long millisPerPly, long nodesPerPly) {
    public static final int MIN_LEVEL = 5;

    public ReviewOptions {
        if (level < MIN_LEVEL || level > EngineConfig.MAX_LEVEL) {
            throw new IllegalArgumentException("review level must be " + MIN_LEVEL + " to " + EngineConfig.MAX_LEVEL
                    + ", not " + level + " (lower levels play random moves)");
        }
        if (millisPerPly < 0 || nodesPerPly < 0 || (millisPerPly == 0 && nodesPerPly == 0)) {
            throw new IllegalArgumentException("a review needs millisPerPly > 0 or nodesPerPly > 0");
        }
    }

    /** A timed review. */
    public static ReviewOptions millis(int level, long millisPerPly) {
        return new ReviewOptions(level, millisPerPly, 0);
    }

    /** A reproducible review: the same seed and moves give the same review on any machine. */
    public static ReviewOptions nodes(int level, long nodesPerPly) {
        return new ReviewOptions(level, 0, nodesPerPly);
    }

    /** The budget of one search: half of the ply's. */
    Budget searchBudget() {
        if (nodesPerPly > 0) {
            return Budget.nodes(Math.max(1, nodesPerPly / 2));
        }
        long half = Math.max(1, millisPerPly / 2);
        return Budget.millis(half, half);
    }
}

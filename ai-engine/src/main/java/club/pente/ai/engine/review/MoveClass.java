package club.pente.ai.engine.review;

/**
 * A move's mark, by the mover's drop in win chance against the engine's best move (thresholds in
 * {@link WinChance}, documented in docs/analysis.md).
 */
public enum MoveClass {
    /** The engine's move, or within {@link WinChance#GOOD} of it. */
    BEST,
    /** Lost less than {@link WinChance#INACCURACY}. */
    GOOD,
    INACCURACY,
    MISTAKE,
    BLUNDER,
    /** The only move that did not lose at once (and it was played). */
    FORCED;

    static MoveClass ofDrop(double drop) {
        if (drop >= WinChance.BLUNDER) {
            return BLUNDER;
        }
        if (drop >= WinChance.MISTAKE) {
            return MISTAKE;
        }
        if (drop >= WinChance.INACCURACY) {
            return INACCURACY;
        }
        return drop >= WinChance.GOOD ? GOOD : BEST;
    }
}

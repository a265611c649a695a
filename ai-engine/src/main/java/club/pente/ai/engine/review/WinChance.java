package club.pente.ai.engine.review;

import club.pente.ai.engine.SearchResult;

/**
 * The scale of the review: engine scores to a win chance, win-chance drops to marks, drops to accuracy.
 * Documented in docs/analysis.md; change both together.
 */
public final class WinChance {
    /**
     * Score units per e-fold of the odds: 400 (400 is a 73% win chance, 1000 92%). Deliberately flatter than the
     * evaluation tuner's fit to self-play results (1 / 0.007205, about 139): with that, 200-unit differences in
     * the opening read as blunders and a missed five that leaves +400 as an inaccuracy (docs/analysis.md).
     */
    public static final double SCALE = 400.0;
    /** Scores shown are clipped to this; exactly +-CLIP means a forced win or loss. */
    public static final int CLIP = 5000;

    public static final double GOOD = 0.02;
    public static final double INACCURACY = 0.05;
    public static final double MISTAKE = 0.12;
    public static final double BLUNDER = 0.25;

    private WinChance() {
    }

    /** Whether a score from the mover's view announces a forced win. */
    public static boolean isWin(int score) {
        return score >= SearchResult.WIN_SCORE - 128;
    }

    public static boolean isLoss(int score) {
        return score <= -SearchResult.WIN_SCORE + 128;
    }

    /** 1 / (1 + exp(-score / 400)); a forced win 1, a forced loss 0. */
    public static double of(int score) {
        if (isWin(score)) {
            return 1.0;
        }
        if (isLoss(score)) {
            return 0.0;
        }
        return 1.0 / (1.0 + Math.exp(-clip(score) / SCALE));
    }

    /** The score as shown: a forced result is +-5000, anything else is clipped to +-4999. */
    public static int clip(int score) {
        if (isWin(score)) {
            return CLIP;
        }
        if (isLoss(score)) {
            return -CLIP;
        }
        return Math.max(-CLIP + 1, Math.min(CLIP - 1, score));
    }

    /**
     * Accuracy of one move in percent from its drop in win chance (the shape Lichess uses):
     * {@code 103.1668 * exp(-4.354 * drop) - 3.1669}, clipped to 0..100; no drop is 100, a drop of
     * 0.05 about 80, 0.12 about 58, 0.25 about 32, 0.5 about 8.5.
     */
    public static double accuracy(double drop) {
        double a = 103.1668 * Math.exp(-4.354 * Math.max(0, drop)) - 3.1669;
        return Math.max(0, Math.min(100, a));
    }
}

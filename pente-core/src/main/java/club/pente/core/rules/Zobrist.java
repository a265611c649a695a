package club.pente.core.rules;

import java.util.SplittableRandom;

/** Fixed random keys for incremental position hashing (same seed in every process). */
final class Zobrist {
    static final long[][] STONE = new long[3][Board.POINTS];
    /** Captured-pair counters take part in the hash: two positions differing only there are different. */
    static final long[][] CAPTURES = new long[3][64];
    static final long BLACK_TO_MOVE;

    static {
        SplittableRandom random = new SplittableRandom(0x9E3779B97F4A7C15L);
        for (int c = 1; c <= 2; c++) {
            for (int p = 0; p < Board.POINTS; p++) {
                STONE[c][p] = random.nextLong();
            }
            for (int n = 0; n < CAPTURES[c].length; n++) {
                CAPTURES[c][n] = random.nextLong();
            }
        }
        BLACK_TO_MOVE = random.nextLong();
    }

    private Zobrist() {
    }
}

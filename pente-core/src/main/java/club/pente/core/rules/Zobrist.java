package club.pente.core.rules;

import java.util.SplittableRandom;

/** Fixed random keys for incremental position hashing (same seed in every process). */
final class Zobrist {
    static final long[][] STONE = new long[3][Board.POINTS];
    /**
     * Captured-stone counters take part in the hash: two positions differing only there are different. Indexed by
     * the number of stones a side has taken (Pente: 2 per pair, at most 24 after the winning move; Keryo: at most
     * 14 + 24 = 38; Gomoku: 0); 64 entries, indexes masked with 63 all the same.
     */
    static final long[][] CAPTURES = new long[3][64];
    static final long BLACK_TO_MOVE;
    /** Per variant (by ordinal), in the hash from the start; Pente's is 0, so its hashes need no extra key. */
    static final long[] VARIANT = new long[Variant.values().length];

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
        // Drawn after the older keys so that those keep their values.
        for (Variant variant : Variant.values()) {
            VARIANT[variant.ordinal()] = variant == Variant.PENTE ? 0 : random.nextLong();
        }
    }

    private Zobrist() {
    }
}

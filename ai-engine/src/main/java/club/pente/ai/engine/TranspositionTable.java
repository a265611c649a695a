package club.pente.ai.engine;

/**
 * A fixed-size hash table of search results keyed by the board's Zobrist hash: one entry per slot,
 * replaced when the new result is for another position or searched at least as deep. Two parallel
 * {@code long} arrays, so probing and storing allocate nothing.
 */
final class TranspositionTable {
    static final int EXACT = 0;
    static final int LOWER = 1;
    static final int UPPER = 2;

    private static final long PRESENT = 1L << 63;

    private final long[] keys;
    private final long[] data;
    private final int mask;

    TranspositionTable(int bits) {
        if (bits < 4 || bits > 28) {
            throw new IllegalArgumentException("transposition table bits must be 4..28, not " + bits);
        }
        keys = new long[1 << bits];
        data = new long[1 << bits];
        mask = (1 << bits) - 1;
    }

    /** The entry for a hash, or 0 when there is none. Decode with the static accessors. */
    long probe(long hash) {
        int i = (int) hash & mask;
        return keys[i] == hash ? data[i] : 0;
    }

    void store(long hash, int depth, int bound, int score, int move) {
        int i = (int) hash & mask;
        long old = data[i];
        if (keys[i] == hash && old != 0 && depth(old) > depth && bound != EXACT) {
            return;
        }
        keys[i] = hash;
        data[i] = PRESENT | ((long) bound << 56) | ((long) (depth & 0xFF) << 48) | ((long) (move & 0xFFFF) << 32)
                | (score & 0xFFFFFFFFL);
    }

    static int score(long entry) {
        return (int) entry;
    }

    static int move(long entry) {
        return (int) (entry >>> 32) & 0xFFFF;
    }

    static int depth(long entry) {
        return (int) (entry >>> 48) & 0xFF;
    }

    static int bound(long entry) {
        return (int) (entry >>> 56) & 0x3;
    }
}

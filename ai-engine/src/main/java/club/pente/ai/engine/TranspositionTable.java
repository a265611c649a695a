package club.pente.ai.engine;

/**
 * A fixed-size hash table of search results keyed by the board's Zobrist hash, shared lock-free by the
 * threads of one search (Lazy SMP).
 *
 * <p>Slots come in pairs: the first keeps the deepest result (replaced by one at least as deep, or by
 * anything once it is from an earlier search), the second always takes the newest, so deep results
 * survive the flood of shallow ones. Each slot is two {@code long}s, the key stored XOR the data: a
 * torn write by two threads at once (one thread's key with another's data) then fails the key check
 * and reads as a miss instead of a wrong entry. (Plain {@code long} array reads and writes are atomic
 * on the 64-bit JVMs this runs on; the XOR covers the pair.) Probing and storing allocate nothing.
 */
final class TranspositionTable {
    static final int EXACT = 0;
    static final int LOWER = 1;
    static final int UPPER = 2;

    private static final long PRESENT = 1L << 63;
    private static final int AGE_SHIFT = 58;
    private static final long AGE_MASK = 0x1FL;

    private final long[] keys;
    private final long[] data;
    private final int mask;
    /** The search generation (5 bits), so that results of earlier moves give way first. */
    private volatile int age;

    TranspositionTable(int bits) {
        if (bits < 4 || bits > 28) {
            throw new IllegalArgumentException("transposition table bits must be 4..28, not " + bits);
        }
        keys = new long[1 << bits];
        data = new long[1 << bits];
        mask = ((1 << bits) - 1) & ~1;
    }

    /** Marks the start of a new search (one move of a game). */
    void newSearch() {
        age = (age + 1) & (int) AGE_MASK;
    }

    /** The entry for a hash, or 0 when there is none. Decode with the static accessors. */
    long probe(long hash) {
        int i = (int) hash & mask;
        long d = data[i];
        if ((keys[i] ^ d) == hash && d != 0) {
            return d;
        }
        d = data[i + 1];
        return (keys[i + 1] ^ d) == hash && d != 0 ? d : 0;
    }

    void store(long hash, int depth, int bound, int score, int move) {
        final int i = (int) hash & mask;
        final long entry = PRESENT | ((long) age << AGE_SHIFT) | ((long) bound << 56) | ((long) (depth & 0xFF) << 48)
                | ((long) (move & 0xFFFF) << 32) | (score & 0xFFFFFFFFL);
        long deep = data[i];
        if ((keys[i] ^ deep) == hash && deep != 0) {
            // Same position in the deep slot: keep a deeper bound unless this one is exact.
            if (depth(deep) <= depth || bound == EXACT || age(deep) != age) {
                write(i, hash, entry);
            }
            return;
        }
        if (deep == 0 || depth(deep) <= depth || age(deep) != age) {
            write(i, hash, entry);
        } else {
            write(i + 1, hash, entry);
        }
    }

    private void write(int slot, long hash, long entry) {
        keys[slot] = hash ^ entry;
        data[slot] = entry;
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

    private static int age(long entry) {
        return (int) ((entry >>> AGE_SHIFT) & AGE_MASK);
    }
}

package club.pente.ai.engine;

/**
 * How an engine plays. {@link #level(int)} gives the eight playing levels; the record can also be
 * built directly for experiments.
 *
 * @param level          1 (beginner) to 8 (full strength); informational for custom configs
 * @param maxDepth       deepest iteration of the main search
 * @param width          moves searched per node, best-ordered first (a beam; forced replies are never cut)
 * @param noise          amplitude of a seeded, per-position evaluation noise (0 = none)
 * @param randomMoveRate chance of playing a random nearby point instead of searching
 * @param quiescence     plies of forcing moves (fours, replies to threats) searched beyond the horizon
 * @param threatDepth    attacking moves of the root threat search (0 = no threat search)
 * @param threatThrees   whether the threat search also uses threes (VCT), not only fours (VCF)
 * @param threatNodes    node cap of the root threat search
 * @param millis         default thinking time per move
 * @param nodes          node budget that stands for {@code millis} where reproducibility matters
 * @param ttBits         transposition table size, 2^ttBits entries of 16 bytes
 * @param threads        search threads (Lazy SMP sharing the table); 1 keeps results bit-identical per seed
 *                       under a node budget
 */
public record EngineConfig(int level, int maxDepth, int width, int noise, double randomMoveRate, int quiescence,
                           int threatDepth, boolean threatThrees, int threatNodes, long millis, long nodes,
                           int ttBits, int threads) {
    public static final int MIN_LEVEL = 1;
    public static final int MAX_LEVEL = 9;
    /** More threads than this gain nothing on the machines the club runs on. */
    public static final int MAX_THREADS = 64;

    public EngineConfig {
        if (maxDepth < 1 || maxDepth > Searcher.MAX_PLY / 2 || width < 1 || noise < 0 || quiescence < 0
                || randomMoveRate < 0 || randomMoveRate > 1 || threatDepth < 0 || millis <= 0 || nodes <= 0
                || threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("invalid engine configuration");
        }
    }

    /** The configuration of the one-threaded engine (before level 9 existed). */
    public EngineConfig(int level, int maxDepth, int width, int noise, double randomMoveRate, int quiescence,
                        int threatDepth, boolean threatThrees, int threatNodes, long millis, long nodes, int ttBits) {
        this(level, maxDepth, width, noise, randomMoveRate, quiescence, threatDepth, threatThrees, threatNodes, millis,
                nodes, ttBits, 1);
    }

    /**
     * The playing levels. Lower levels search shallower and narrower, judge positions through more
     * noise and sometimes play a random nearby point, so they miss tactics the way a beginner does;
     * from level 6 a threat search looks for forced wins before the main search. Level 9 is level 8 with
     * every core ({@link Runtime#availableProcessors()}, see {@link #withThreads}), a larger table and
     * 5 s a move by default: for analysis and for strong players who ask for it.
     */
    public static EngineConfig level(int level) {
        return switch (level) {
            case 1 -> new EngineConfig(1, 1, 10, 500, 0.30, 0, 0, false, 0, 50, 1_000, 16);
            case 2 -> new EngineConfig(2, 1, 14, 250, 0.12, 1, 0, false, 0, 100, 2_000, 16);
            case 3 -> new EngineConfig(3, 2, 14, 120, 0.05, 2, 0, false, 0, 150, 4_000, 18);
            case 4 -> new EngineConfig(4, 3, 16, 60, 0.02, 4, 0, false, 0, 250, 8_000, 18);
            case 5 -> new EngineConfig(5, 4, 18, 30, 0, 6, 0, false, 0, 400, 16_000, 20);
            case 6 -> new EngineConfig(6, 6, 20, 12, 0, 8, 4, false, 20_000, 700, 40_000, 20);
            case 7 -> new EngineConfig(7, 10, 24, 4, 0, 10, 6, false, 20_000, 1_000, 80_000, 20);
            case 8 -> new EngineConfig(8, 60, 28, 0, 0, 12, 8, true, 40_000, 1_500, 160_000, 20);
            case 9 -> new EngineConfig(9, 60, 28, 0, 0, 12, 10, true, 120_000, 5_000, 640_000, 22,
                    Math.max(1, Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors())));
            default -> throw new IllegalArgumentException("level must be 1 to 9, not " + level);
        };
    }

    public Budget defaultBudget() {
        return Budget.millis(millis);
    }

    public Budget defaultNodeBudget() {
        return Budget.nodes(nodes);
    }

    public EngineConfig withTtBits(int bits) {
        return new EngineConfig(level, maxDepth, width, noise, randomMoveRate, quiescence, threatDepth, threatThrees,
                threatNodes, millis, nodes, bits, threads);
    }

    /** The same settings searching with {@code threads} threads (1..{@link #MAX_THREADS}). */
    public EngineConfig withThreads(int threads) {
        return new EngineConfig(level, maxDepth, width, noise, randomMoveRate, quiescence, threatDepth, threatThrees,
                threatNodes, millis, nodes, ttBits, threads);
    }
}

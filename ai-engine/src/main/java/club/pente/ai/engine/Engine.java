package club.pente.ai.engine;

import club.pente.core.rules.Position;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The Pente engine: give it a position, get a move.
 *
 * <pre>{@code
 * Engine engine = new Engine(EngineConfig.level(5), seed);
 * SearchResult r = engine.bestMove(position, Budget.millis(1000));
 * }</pre>
 *
 * <p>Order of business per move: take a win at once; at low levels, sometimes play a random nearby
 * point (seeded); from level 6, run the threat search for a forced win (a VCF is played at once, a VCT
 * is tried first by the main search); then the iterative-deepening search within the budget. The move
 * is always checked with {@link Position#check} before it is returned.
 *
 * <p><b>Threads:</b> one instance per thread (or per game); it is not thread-safe. Creating one is
 * cheap apart from the transposition table (2^{@code ttBits} entries of 16 bytes, allocated once);
 * reusing an instance for one game's successive moves keeps what the table learnt.
 *
 * <p><b>Reproducibility:</b> all randomness comes from a {@link SplittableRandom} seeded at
 * construction. With a {@link Budget#nodes node budget} an engine created with the same seed and asked
 * the same sequence of positions returns bit-identical results. With a time budget the depth reached
 * depends on the machine's speed and load, so moves can differ between runs.
 */
public final class Engine {
    private final EngineConfig config;
    private final SplittableRandom random;
    private final EngineBoard board = new EngineBoard();
    private final Searcher searcher;
    private final ThreatSearch threats;

    public Engine(EngineConfig config, long seed) {
        this.config = config;
        this.random = new SplittableRandom(seed);
        TranspositionTable table = new TranspositionTable(config.ttBits());
        this.searcher = new Searcher(board, config, table, random.nextLong());
        this.threats = new ThreatSearch(board, searcher.generator());
    }

    public EngineConfig config() {
        return config;
    }

    /** The best move within the level's default thinking time. */
    public SearchResult bestMove(Position position) {
        return bestMove(position, config.defaultBudget());
    }

    /**
     * The engine's move for the side to move.
     *
     * @throws IllegalStateException when the game is already over
     */
    public SearchResult bestMove(Position position, Budget budget) {
        if (position.status().isOver()) {
            throw new IllegalStateException("the game is over: " + position.status());
        }
        final long start = System.nanoTime();
        board.load(position);
        MoveGenerator generator = searcher.generator();
        double roll = random.nextDouble();

        int win = generator.winningMove();
        if (win >= 0) {
            return result(position, win, Searcher.WIN - 1, 0, 0, new int[] {win}, start);
        }
        if (roll < config.randomMoveRate()) {
            int[] candidates = new int[club.pente.core.rules.Board.POINTS];
            int n = generator.candidates(candidates);
            int move = candidates[random.nextInt(n)];
            return result(position, move, 0, 0, 0, new int[] {move}, start);
        }
        int preferred = -1;
        long threatNodes = 0;
        if (config.threatDepth() > 0) {
            // At most a fifth of the time (or all of the safety cap for node budgets, which it never nears).
            long deadline = start + (budget.timed() ? budget.millis() * 200_000L : budget.hardMillis() * 1_000_000L);
            // With a node budget, the threat search gets at most a quarter of it (on top), keeping small budgets small.
            long cap = Math.min(config.threatNodes(), Math.max(200, budget.nodes() / 4));
            int forced = threats.find(config.threatDepth(), cap, deadline, false);
            threatNodes = threats.nodes();
            if (forced >= 0) {
                return result(position, forced, Searcher.WIN - Searcher.MAX_PLY / 2, 0, threatNodes, new int[] {forced}, start);
            }
            if (config.threatThrees()) {
                preferred = threats.find(config.threatDepth(), cap, deadline, true);
                threatNodes += threats.nodes();
            }
        }
        Searcher.Outcome outcome = searcher.search(budget, start, preferred);
        return result(position, outcome.move(), outcome.score(), outcome.depth(), threatNodes + outcome.nodes(),
                outcome.pv(), start);
    }

    private SearchResult result(Position position, int cell, int score, int depth, long nodes, int[] pv, long start) {
        int point = EngineBoard.pointOf(cell);
        if (position.check(point) != null) {
            // Cannot happen: the board mirrors the rules. Fail loudly rather than send an illegal move.
            throw new IllegalStateException("engine chose an illegal move " + point + ": " + position.check(point));
        }
        List<Integer> line = Searcher.points(pv.length == 0 ? new int[] {cell} : pv);
        return new SearchResult(point, score, depth, nodes, line, (System.nanoTime() - start) / 1_000_000);
    }
}

package club.pente.ai.engine;

import club.pente.ai.engine.book.OpeningBook;
import club.pente.core.rules.Position;
import club.pente.core.rules.Variant;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.SplittableRandom;

/**
 * The Pente engine: give it a position, get a move. It plays the position's {@link Variant} (Pente,
 * Keryo-Pente, Gomoku) at every level; the opening book is Pente's only.
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
 * <p><b>Variants:</b> the variant comes with the position ({@code position.variant()}), so every caller
 * that builds its positions for a variant gets that variant's play; an engine switches its board when
 * the variant changes (the table's hashes carry the variant, so nothing learnt leaks between them).
 * {@link #Engine(EngineConfig, long, Variant)} only prepares the board for the first move.
 *
 * <p><b>Threads:</b> one instance per thread (or per game); it is not thread-safe. A search itself may
 * use several threads ({@link EngineConfig#threads()}, or {@link #bestMove(Position, Budget, int)}). Creating one is
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
    /** The board, search and threat search of the variant being played; replaced when it changes. */
    private EngineBoard board;
    private Searcher searcher;
    private ThreatSearch threats;
    private Variant variant;
    private final EvalWeights weights;
    private final TranspositionTable table;
    private final long noiseSalt;
    /** Helper threads' searchers and boards for a parallel search, made when first needed. */
    private final List<Searcher> helpers = new ArrayList<>();
    private final List<EngineBoard> helperBoards = new ArrayList<>();
    /** Opening book moves are answered at once; null = no book. */
    private final OpeningBook book;

    /** Levels from this one on play from the {@link OpeningBook#standard() opening book}. */
    public static final int BOOK_LEVEL = 5;

    public Engine(EngineConfig config, long seed) {
        this(config, seed, EvalWeights.DEFAULT);
    }

    /** An engine whose board is set up for {@code variant} (it follows each position's variant anyway). */
    public Engine(EngineConfig config, long seed, Variant variant) {
        this(config, seed, EvalWeights.DEFAULT);
        use(Variant.orDefault(variant));
    }

    /** An engine that evaluates with other weights (tuning and matches between weight sets). */
    public Engine(EngineConfig config, long seed, EvalWeights weights) {
        this(config, seed, weights, config.level() >= BOOK_LEVEL ? OpeningBook.standard() : null);
    }

    /** An engine with other weights and another opening book (null: none). */
    public Engine(EngineConfig config, long seed, EvalWeights weights, OpeningBook book) {
        this.config = config;
        this.book = book;
        this.weights = weights;
        this.random = new SplittableRandom(seed);
        this.table = new TranspositionTable(config.ttBits());
        this.noiseSalt = random.nextLong();
        use(Variant.PENTE);
    }

    /** Sets the board (and the searches on it) up for a variant, unless it already is. */
    private void use(Variant next) {
        if (next == variant) {
            return;
        }
        variant = next;
        board = new EngineBoard(weights, next);
        searcher = new Searcher(board, config, table, noiseSalt);
        threats = new ThreatSearch(board, searcher.generator());
        helpers.clear();
        helperBoards.clear();
    }

    public EngineConfig config() {
        return config;
    }

    /** The variant of the last position searched (Pente before the first). */
    public Variant variant() {
        return variant;
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
        return bestMove(position, budget, config.threads());
    }

    /**
     * The engine's move, searched by {@code threads} threads (Lazy SMP: helpers at varied depths fill
     * the shared transposition table, the calling thread's result is returned). With one thread the
     * result under a node budget is bit-identical per seed; with more it is not (the helpers' timing
     * shapes the table). A node budget limits the calling thread's nodes; the reported node count is all
     * threads'.
     *
     * @throws IllegalStateException when the game is already over
     * @throws IllegalArgumentException when {@code threads} is outside 1..{@link EngineConfig#MAX_THREADS}
     */
    public SearchResult bestMove(Position position, Budget budget, int threads) {
        if (threads < 1 || threads > EngineConfig.MAX_THREADS) {
            throw new IllegalArgumentException("threads must be 1 to " + EngineConfig.MAX_THREADS + ", not " + threads);
        }
        if (position.status().isOver()) {
            throw new IllegalStateException("the game is over: " + position.status());
        }
        final long start = System.nanoTime();
        use(position.variant());
        board.load(position);
        MoveGenerator generator = searcher.generator();
        double roll = random.nextDouble();

        int win = generator.winningMove();
        if (win >= 0) {
            return result(position, win, Searcher.WIN - 1, 0, 0, new int[] {win}, start);
        }
        if (book != null && variant == Variant.PENTE) {
            // E's block: a book move is answered at once (depth 0, the book's score); result() checks it.
            OpeningBook.Entry entry = book.choose(position, random);
            if (entry != null) {
                int cell = EngineBoard.cellOf(entry.move());
                return result(position, cell, entry.score(), 0, 0, new int[] {cell}, start);
            }
        }
        if (board.opponentThreatensWin()) {
            // A forced reply is played at once: the threatened win leaves a single move.
            int[] replies = new int[club.pente.core.rules.Board.POINTS];
            if (generator.defences(replies) == 1) {
                return result(position, replies[0], Evaluator.evaluate(board), 0, 0, new int[] {replies[0]}, start);
            }
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
        table.newSearch();
        if (threads == 1) {
            Searcher.Outcome outcome = searcher.search(budget, start, preferred);
            return result(position, outcome.move(), outcome.score(), outcome.depth(), threatNodes + outcome.nodes(),
                    outcome.pv(), start);
        }
        Searcher.Outcome outcome = parallel(position, budget, start, preferred, threads);
        return result(position, outcome.move(), outcome.score(), outcome.depth(), threatNodes + outcome.nodes(),
                outcome.pv(), start);
    }

    private Searcher.Outcome parallel(Position position, Budget budget, long start, int preferred, int threads) {
        while (helpers.size() < threads - 1) {
            EngineBoard helperBoard = new EngineBoard(weights, variant);
            helperBoards.add(helperBoard);
            helpers.add(new Searcher(helperBoard, config, table, noiseSalt));
        }
        AtomicBoolean stop = new AtomicBoolean();
        Thread[] running = new Thread[threads - 1];
        for (int i = 0; i < running.length; i++) {
            helperBoards.get(i).load(position);
            Searcher helper = helpers.get(i);
            int index = i + 1;
            running[i] = new Thread(() -> helper.search(budget, start, preferred, stop, index), "pente-search-" + index);
            running[i].setDaemon(true);
            running[i].start();
        }
        Searcher.Outcome main;
        try {
            main = searcher.search(budget, start, preferred, stop, 0);
        } finally {
            stop.set(true);
        }
        long nodes = main.nodes();
        boolean interrupted = false;
        for (int i = 0; i < running.length; i++) {
            // Helpers see the stop flag within 1024 nodes; the interrupt flag is kept for the caller.
            while (running[i].isAlive()) {
                try {
                    running[i].join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            nodes += helpers.get(i).nodes();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return new Searcher.Outcome(main.move(), main.score(), main.depth(), nodes, main.pv());
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

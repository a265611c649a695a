package club.pente.ai.engine;

import club.pente.core.rules.Board;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Iterative-deepening principal-variation search over an {@link EngineBoard}.
 *
 * <p>Each node first asks whether the side to move wins at once (a four to complete, the fifth pair to
 * take); when the opponent threatens that, only the replies that can stop it are searched (and a lone
 * reply does not use up depth). Moves are ordered hash move, killers, then static score plus history,
 * and the tail beyond the level's width is cut. At the horizon a quiescence search plays out
 * replies to threats and the side to move's fours (a VCF), so threats coming from either side are seen.
 * Scores are from the side to move; wins are {@link #WIN} minus the plies to reach them.
 *
 * <p>Pruning: null move (not under threats), late move reductions for quiet late moves, late move
 * pruning and futility at the last two plies (tactical moves exempt); quiescence results go to the
 * table too. Several instances (one per thread) may share a table: Lazy SMP, see {@link Engine}.
 *
 * <p>Holds per-search state; one instance per thread.
 */
final class Searcher {
    static final int WIN = 1_000_000;
    static final int MAX_PLY = 128;
    private static final int INFINITY = WIN + 1;
    private static final int WIN_BOUND = WIN - MAX_PLY;
    private static final int HASH_MOVE_BONUS = 1 << 29;
    private static final int KILLER_BONUS = 1 << 20;
    /** Late move reductions: from this remaining depth, from this move number (two plies from LMR_LATE). */
    private static final int LMR_DEPTH = 3;
    private static final int LMR_FIRST = 3;
    private static final int LMP_1 = 10;
    private static final int LMP_2 = 16;
    private static final int FUTILITY_MARGIN = 250;
    /** An ordering score from which a move makes or stops a three, captures or saves a pair (see MoveGenerator). */
    private static final int TACTICAL = 400;
    /** A clock budget's target stretches at most this much in an unsettled position. */
    private static final double MAX_STRETCH = 3.0;
    /** Prints each iteration to stderr (-Dpente.search.trace=true), for tuning the search. */
    private static final boolean NULL_MOVE = true;
    private static final int NULL_DEPTH = 3;
    /** From this quiescence ply on, only threatened wins are answered: no more fours of the side to move. */
    private static final int QUIET_FOURS = 8;
    private static final int EXT_FACTOR = 2;
    /** Quiescence results go to the table too (depth 0), so transposed forcing lines are searched once. */
    private static final boolean Q_TABLE = true;
    private static final boolean DEBUG = Boolean.getBoolean("pente.search.trace");
    private static final double LMR_DIVISOR = 2.0;
    /** Plies of reduction by remaining depth and move number: about log(depth) * log(move) / 2. */
    private static final int[][] LMR = new int[16][32];

    static {
        for (int d = 1; d < 16; d++) {
            for (int i = 1; i < 32; i++) {
                LMR[d][i] = Math.max(1, Math.min(d - 2, (int) (0.5 + Math.log(d) * Math.log(i) / LMR_DIVISOR)));
            }
        }
    }

    private final EngineBoard board;
    private final EngineConfig config;
    private final TranspositionTable table;
    private final MoveGenerator generator;
    private final long noiseSalt;

    private final int[][] moves = new int[MAX_PLY][Board.POINTS];
    private final int[][] scores = new int[MAX_PLY][Board.POINTS];
    private final int[][] killers = new int[MAX_PLY][2];
    private final int[][] history = new int[3][Geometry.CELLS];
    private final int[][] pv = new int[MAX_PLY + 1][MAX_PLY + 1];
    private final int[] pvLength = new int[MAX_PLY + 1];
    /** Whether the move leading to each ply was a null move. */
    private final boolean[] nullBefore = new boolean[MAX_PLY + 1];

    private long nodes;
    private long nodeLimit;
    private long deadline;
    private boolean stopped;
    private int iterationDepth;
    /** Set by the main thread of a parallel search when it is done; null for a one-thread search. */
    private AtomicBoolean sharedStop;

    long nodes() {
        return nodes;
    }

    Searcher(EngineBoard board, EngineConfig config, TranspositionTable table, long noiseSalt) {
        this.board = board;
        this.config = config;
        this.table = table;
        this.generator = new MoveGenerator(board);
        this.noiseSalt = noiseSalt;
    }

    MoveGenerator generator() {
        return generator;
    }

    /** Result of {@link #search}: cells, not points. */
    record Outcome(int move, int score, int depth, long nodes, int[] pv) {
    }

    /**
     * Searches the board's position (which must be ongoing and have a legal move) until the budget or
     * the level's depth runs out. {@code preferred} (a cell or -1) is tried first at the root.
     */
    Outcome search(Budget budget, long startNanos, int preferred) {
        return search(budget, startNanos, preferred, null, 0);
    }

    /**
     * As {@link #search(Budget, long, int)}, as one thread of a parallel search: {@code stop} (shared, may
     * be null) ends it early; {@code helper} 0 is the main thread, whose result counts; helpers (1, 2, ...)
     * only fill the shared table, odd ones a ply ahead of the main thread, and run until {@code stop}.
     *
     * <p>With a time budget whose hard cap exceeds its target (a clock budget), the target stretches
     * while the position is unsettled: the best move changed or the score fell between iterations.
     */
    Outcome search(Budget budget, long startNanos, int preferred, AtomicBoolean stop, int helper) {
        nodes = 0;
        nodeLimit = helper == 0 ? budget.nodes() : Long.MAX_VALUE;
        final long hardDeadline = startNanos + budget.hardMillis() * 1_000_000L;
        final boolean stretch = helper == 0 && budget.timed() && budget.hardMillis() > budget.millis();
        deadline = stretch ? Math.min(hardDeadline, startNanos + budget.millis() * 1_500_000L) : hardDeadline;
        long softDeadline = budget.timed() && helper == 0 ? startNanos + budget.millis() * 500_000L : Long.MAX_VALUE;
        sharedStop = stop;
        stopped = false;
        for (int[] k : killers) {
            k[0] = k[1] = -1;
        }
        for (int[] h : history) {
            java.util.Arrays.fill(h, 0);
        }

        final int[] rootMoves = moves[0];
        final int[] rootScores = scores[0];
        final boolean forced = board.opponentThreatensWin();
        int n = forced ? generator.defences(rootMoves) : generator.candidates(rootMoves);
        if (n == 0) {
            // Nothing stops the threat: any move loses, play the best-looking one.
            n = generator.candidates(rootMoves);
        }
        for (int i = 0; i < n; i++) {
            rootScores[i] = generator.score(rootMoves[i]) + (rootMoves[i] == preferred ? HASH_MOVE_BONUS : 0);
        }
        sortDescending(rootMoves, rootScores, n);

        int bestMove = rootMoves[0];
        int bestScore = 0;
        int depthDone = 0;
        int[] bestPv = {bestMove};
        if (n == 1) {
            return new Outcome(bestMove, Evaluator.evaluate(board), 0, nodes, bestPv);
        }
        final int width = forced ? n : Math.min(n, Math.max(config.width(), 8) + 4);
        double unrest = 0;
        for (int depth = 1 + (helper & 1); depth <= config.maxDepth(); depth++) {
            iterationDepth = depth;
            int score = root(depth, rootMoves, rootScores, width);
            if (stopped) {
                if (depthDone == 0) {
                    // Out of budget inside the first iteration: the best move searched so far leads.
                    bestMove = rootMoves[0];
                    bestScore = score == -INFINITY ? Evaluator.evaluate(board) : score;
                    bestPv = pvLength[0] > 0 ? java.util.Arrays.copyOf(pv[0], pvLength[0]) : new int[] {bestMove};
                }
                break;
            }
            if (DEBUG) {
                System.err.printf("  depth %d score %d nodes %d ms %d move %d%n", depth, score, nodes,
                        (System.nanoTime() - startNanos) / 1_000_000, rootMoves[0]);
            }
            if (stretch && depthDone >= 4) {
                // Unrest decays by half each iteration; a new best move or a falling score adds to it.
                unrest = unrest / 2 + (rootMoves[0] != bestMove ? 1 : 0)
                        + (score < bestScore - 150 ? 2 : score < bestScore - 50 ? 1 : 0);
                double factor = Math.min(MAX_STRETCH, 1 + unrest / 2);
                softDeadline = startNanos + (long) (budget.millis() * 500_000L * factor);
                deadline = Math.min(hardDeadline, startNanos + (long) (budget.millis() * 1_500_000L * factor));
            }
            bestMove = rootMoves[0];
            bestScore = score;
            depthDone = depth;
            bestPv = java.util.Arrays.copyOf(pv[0], pvLength[0]);
            if ((helper == 0 && Math.abs(score) >= WIN_BOUND) || System.nanoTime() > softDeadline) {
                break;
            }
        }
        return new Outcome(bestMove, bestScore, depthDone, nodes, bestPv);
    }

    /** One root iteration; leaves the best move first in {@code rootMoves}. */
    private int root(int depth, int[] rootMoves, int[] rootScores, int width) {
        int alpha = -INFINITY;
        final int beta = INFINITY;
        int best = -INFINITY;
        pvLength[0] = 0;
        for (int i = 0; i < width; i++) {
            int move = rootMoves[i];
            board.apply(move);
            int score;
            if (i == 0) {
                score = -search(depth - 1, -beta, -alpha, 1);
            } else {
                score = -search(depth - 1, -alpha - 1, -alpha, 1);
                if (score > alpha && !stopped) {
                    score = -search(depth - 1, -beta, -alpha, 1);
                }
            }
            board.undo();
            if (stopped) {
                return best;
            }
            if (score > best) {
                best = score;
                if (score > alpha) {
                    alpha = score;
                }
                // Move it to the front, keeping the others in order: it leads the next iteration.
                System.arraycopy(rootMoves, 0, rootMoves, 1, i);
                System.arraycopy(rootScores, 0, rootScores, 1, i);
                rootMoves[0] = move;
                updatePv(0, move);
            }
        }
        return best;
    }

    private int search(int depth, int alpha, int beta, int ply) {
        final EngineBoard b = board;
        pvLength[ply] = 0;
        if (b.result != EngineBoard.ONGOING) {
            return b.result == EngineBoard.DRAW ? 0 : -(WIN - ply);
        }
        if (checkStop()) {
            return 0;
        }
        if (b.canWinNow()) {
            return WIN - ply - 1;
        }
        if (depth <= 0 || ply >= MAX_PLY - 4) {
            return quiescence(alpha, beta, ply, 0);
        }
        final long hash = b.hash;
        final long entry = table.probe(hash);
        int hashMove = -1;
        if (entry != 0) {
            hashMove = TranspositionTable.move(entry);
            if (TranspositionTable.depth(entry) >= depth) {
                int score = fromTable(TranspositionTable.score(entry), ply);
                int bound = TranspositionTable.bound(entry);
                if (bound == TranspositionTable.EXACT
                        || (bound == TranspositionTable.LOWER && score >= beta)
                        || (bound == TranspositionTable.UPPER && score <= alpha)) {
                    return score;
                }
            }
        }

        final boolean forced = b.opponentThreatensWin();
        // Null move: if passing still holds beta with a reduced search, a real move would too. Not when a
        // win is threatened, the opponent has a three (a free move makes it a four) or a capture threat,
        // near win scores, in the opening, or twice in a row. Pente has hardly any zugzwang.
        if (NULL_MOVE && !forced && depth >= NULL_DEPTH && beta - alpha == 1 && !nullBefore[ply - 1]
                && b.ply >= 6 && Math.abs(beta) < WIN_BOUND && b.threes[3 - b.toMove] == 0
                && b.captureThreats[3 - b.toMove] == 0 && b.trioThreats[3 - b.toMove] == 0 && evaluate() >= beta) {
            int r = 2 + depth / 4;
            b.pass();
            nullBefore[ply] = true;
            int score = -search(depth - 1 - r, -beta, -beta + 1, ply + 1);
            nullBefore[ply] = false;
            b.unpass();
            if (stopped) {
                return 0;
            }
            if (score >= beta) {
                return score >= WIN_BOUND ? beta : score;
            }
        }
        final int[] list = moves[ply];
        final int[] order = scores[ply];
        final int n = forced ? generator.defences(list) : generator.candidates(list);
        if (n == 0) {
            return forced ? -(WIN - ply - 2) : 0;
        }
        final int me = b.toMove;
        final int[] killer = killers[ply];
        final int[] hist = history[me];
        for (int i = 0; i < n; i++) {
            int move = list[i];
            int s = generator.score(move) + hist[move];
            if (move == hashMove) {
                s += HASH_MOVE_BONUS;
            } else if (move == killer[0] || move == killer[1]) {
                s += KILLER_BONUS;
            }
            order[i] = s;
        }
        // Near the horizon, fewer quiet moves (late move pruning), and none at all when the static score
        // is far below alpha (futility); moves the ordering rates as tactical are always searched.
        int width = forced ? n : Math.min(n, config.width());
        int quietLimit = width;
        boolean futile = false;
        if (!forced && depth <= 2 && Math.abs(alpha) < WIN_BOUND) {
            quietLimit = depth == 1 ? LMP_1 : LMP_2;
            futile = depth == 1 && evaluate() + FUTILITY_MARGIN <= alpha;
        }
        // A forced reply with at most one alternative costs no depth, until the line is twice the
        // iteration's depth long (forcing chains in capture fights would otherwise never end).
        final int next = forced && n <= 2 && ply < EXT_FACTOR * iterationDepth ? depth : depth - 1;
        final int alphaIn = alpha;
        int best = -INFINITY;
        int bestMove = list[0];
        final int opp = 3 - me;
        for (int i = 0; i < width; i++) {
            pickBest(list, order, i, n);
            int move = list[i];
            if ((i >= quietLimit || futile) && i > 0 && order[i] < TACTICAL && best > -WIN_BOUND) {
                break;
            }
            final int threesBefore = b.threes[me];
            final int oppThreesBefore = b.threes[opp];
            final int captured = b.apply(move);
            int score;
            if (i == 0) {
                score = -search(next, -beta, -alpha, ply + 1);
            } else {
                // Late move reduction: a late, quiet move (no capture, no new three or four, no three of the
                // opponent's broken, no threat left to answer) is searched a ply or two shallower first.
                int r = 0;
                if (!forced && depth >= LMR_DEPTH && i >= LMR_FIRST && captured == 0 && b.threes[me] <= threesBefore
                        && b.threes[opp] >= oppThreesBefore && !b.opponentThreatensWin()
                        && move != killer[0] && move != killer[1]) {
                    r = LMR[Math.min(depth, 15)][Math.min(i, 31)];
                }
                score = -search(next - r, -alpha - 1, -alpha, ply + 1);
                if (r > 0 && score > alpha && !stopped) {
                    score = -search(next, -alpha - 1, -alpha, ply + 1);
                }
                if (score > alpha && score < beta && !stopped) {
                    score = -search(next, -beta, -alpha, ply + 1);
                }
            }
            b.undo();
            if (stopped) {
                return 0;
            }
            if (score > best) {
                best = score;
                bestMove = move;
                if (score > alpha) {
                    alpha = score;
                    updatePv(ply, move);
                    if (alpha >= beta) {
                        if (move != killer[0]) {
                            killer[1] = killer[0];
                            killer[0] = move;
                        }
                        hist[move] += depth * depth;
                        break;
                    }
                }
            }
        }
        int bound = best >= beta ? TranspositionTable.LOWER : best > alphaIn ? TranspositionTable.EXACT : TranspositionTable.UPPER;
        table.store(hash, depth, bound, toTable(best, ply), bestMove);
        return best;
    }

    /**
     * Beyond the horizon: answer a threatened win with the moves that stop it, else stand pat or try
     * the side to move's fours.
     */
    private int quiescence(int alpha, int beta, int ply, int qply) {
        final EngineBoard b = board;
        pvLength[ply] = 0;
        if (b.result != EngineBoard.ONGOING) {
            return b.result == EngineBoard.DRAW ? 0 : -(WIN - ply);
        }
        if (checkStop()) {
            return 0;
        }
        if (b.canWinNow()) {
            return WIN - ply - 1;
        }
        final boolean forced = b.opponentThreatensWin();
        if (ply >= MAX_PLY - 2 || qply >= config.quiescence()
                || (!forced && (b.threes[b.toMove] == 0 || qply >= QUIET_FOURS))) {
            return evaluate();
        }
        // The forcing lines transpose a lot (the same fours in another order): the table cuts them short.
        final long hash = b.hash;
        final long entry = Q_TABLE ? table.probe(hash) : 0;
        if (entry != 0) {
            int score = fromTable(TranspositionTable.score(entry), ply);
            int bound = TranspositionTable.bound(entry);
            if (bound == TranspositionTable.EXACT
                    || (bound == TranspositionTable.LOWER && score >= beta)
                    || (bound == TranspositionTable.UPPER && score <= alpha)) {
                return score;
            }
        }
        final int alphaIn = alpha;
        int bestMove = 0;
        final int[] list = moves[ply];
        int best;
        int n;
        if (forced) {
            n = generator.defences(list);
            if (n == 0) {
                return -(WIN - ply - 2);
            }
            best = -INFINITY;
        } else {
            best = evaluate();
            if (best >= beta) {
                return best;
            }
            alpha = Math.max(alpha, best);
            n = generator.fourMoves(list);
        }
        if (entry != 0 && n > 1) {
            // The table's best move first.
            int hashMove = TranspositionTable.move(entry);
            for (int i = 1; i < n; i++) {
                if (list[i] == hashMove) {
                    list[i] = list[0];
                    list[0] = hashMove;
                    break;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            int move = list[i];
            b.apply(move);
            int score = -quiescence(-beta, -alpha, ply + 1, qply + 1);
            b.undo();
            if (stopped) {
                return 0;
            }
            if (score > best) {
                best = score;
                bestMove = move;
                if (score > alpha) {
                    alpha = score;
                    updatePv(ply, move);
                    if (alpha >= beta) {
                        break;
                    }
                }
            }
        }
        if (Q_TABLE && n > 0) {
            int bound = best >= beta ? TranspositionTable.LOWER : best > alphaIn ? TranspositionTable.EXACT : TranspositionTable.UPPER;
            table.store(hash, 0, bound, toTable(best, ply), bestMove);
        }
        return best;
    }

    private int evaluate() {
        int score = Evaluator.evaluate(board);
        int amplitude = config.noise();
        if (amplitude > 0) {
            // Seeded and a function of the position alone, so the table stays consistent.
            long z = (board.hash ^ noiseSalt) * 0x9E3779B97F4A7C15L;
            z = (z ^ (z >>> 31)) * 0xBF58476D1CE4E5B9L;
            score += (int) Math.floorMod(z ^ (z >>> 29), 2L * amplitude + 1) - amplitude;
        }
        return score;
    }

    private boolean checkStop() {
        if (stopped) {
            return true;
        }
        if (++nodes >= nodeLimit || ((nodes & 1023) == 0
                && (System.nanoTime() > deadline || (sharedStop != null && sharedStop.get())))) {
            stopped = true;
        }
        return stopped;
    }

    private void updatePv(int ply, int move) {
        int[] line = pv[ply];
        line[0] = move;
        int childLength = ply + 1 <= MAX_PLY ? pvLength[ply + 1] : 0;
        System.arraycopy(pv[ply + 1], 0, line, 1, childLength);
        pvLength[ply] = childLength + 1;
    }

    private static int toTable(int score, int ply) {
        return score >= WIN_BOUND ? score + ply : score <= -WIN_BOUND ? score - ply : score;
    }

    private static int fromTable(int score, int ply) {
        return score >= WIN_BOUND ? score - ply : score <= -WIN_BOUND ? score + ply : score;
    }

    private static void pickBest(int[] list, int[] order, int from, int n) {
        int best = from;
        for (int j = from + 1; j < n; j++) {
            if (order[j] > order[best]) {
                best = j;
            }
        }
        if (best != from) {
            int m = list[from];
            list[from] = list[best];
            list[best] = m;
            int s = order[from];
            order[from] = order[best];
            order[best] = s;
        }
    }

    private static void sortDescending(int[] list, int[] order, int n) {
        for (int i = 0; i < n; i++) {
            pickBest(list, order, i, n);
        }
    }

    /** A principal variation as point indexes. */
    static List<Integer> points(int[] cells) {
        List<Integer> points = new ArrayList<>(cells.length);
        for (int cell : cells) {
            points.add(EngineBoard.pointOf(cell));
        }
        return points;
    }
}

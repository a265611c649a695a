package club.pente.ai.engine.review;

import club.pente.ai.engine.Budget;
import club.pente.ai.engine.Engine;
import club.pente.ai.engine.EngineConfig;
import club.pente.ai.engine.SearchResult;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Board;
import club.pente.core.rules.Color;
import club.pente.core.rules.IllegalMoveException;
import club.pente.core.rules.MoveError;
import club.pente.core.rules.Position;
import club.pente.core.rules.Status;
import club.pente.core.rules.Variant;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

/**
 * The post-game review: replays a move list and judges every ply against the engine.
 *
 * <p>Per ply i, with P the position before the move: one search of P gives the best move, its line and
 * whether the mover has a forced win. The move played and the best move are then both valued the same
 * way, by the search of the position after them, negated; the position after the move played is the
 * next ply's P, so that search is shared, and a second one (after the best move) is only needed when the
 * move played is not the best. Valuing both moves alike is what keeps the engine's own move at a drop of
 * exactly 0, and keeps the horizon (odd or even depth) from favouring either.
 *
 * <p>Forced results then flow along the game, since a search with its own budget may not find again what a
 * neighbouring ply's search proved: a side with a forced win (proved by the search of P, the threat search's
 * VCF, a search after one of its moves, or the previous move having lost by force) keeps it with the engine's
 * best move; a forced win for the opponent at the next ply proves that this move lost (so the loss shows at
 * the move that allowed it); a position where the best move and the move played both lose by force counts as
 * lost, so the move before it kept a win (these two from the end of the game backwards); after a move that kept a forced win every move of the other side is lost, unless
 * a search there proves the contrary. A best move that the search after it refutes, while the move played is
 * not lost, gives way to the move played as the best move known.
 *
 * <p>Thread use: a reviewer holds no state between reviews and may be shared; each {@link #review} makes
 * its own {@link Engine} (one transposition table, 2^ttBits x 16 bytes: the level's, or the {@code tableBits} given,
 * e.g. a service pool's small bound) and runs on the calling thread.
 * Between searches it checks the thread's interrupt flag and an optional deadline and stops with a
 * {@link CancellationException}; a search itself is bounded by the per-ply budget.
 */
public final class GameReviewer {
    /** The smallest and largest transposition table a caller may ask for (2^bits entries). */
    public static final int MIN_TABLE_BITS = 10;
    public static final int MAX_TABLE_BITS = 24;

    private final ReviewOptions options;
    private final long seed;
    private final int tableBits;

    /** A reviewer whose engine has the level's own transposition table. */
    public GameReviewer(ReviewOptions options, long seed) {
        this(options, seed, 0);
    }

    /**
     * A reviewer whose engine keeps 2^{@code tableBits} table entries ({@link #MIN_TABLE_BITS} to
     * {@link #MAX_TABLE_BITS}; 0: the level's own), so that a service bounds the memory of each review.
     */
    public GameReviewer(ReviewOptions options, long seed, int tableBits) {
        if (options == null) {
            throw new IllegalArgumentException("review options are required");
        }
        if (tableBits != 0 && (tableBits < MIN_TABLE_BITS || tableBits > MAX_TABLE_BITS)) {
            throw new IllegalArgumentException("table bits must be 0 (the level's) or " + MIN_TABLE_BITS + " to " + MAX_TABLE_BITS);
        }
        this.options = options;
        this.seed = seed;
        this.tableBits = tableBits;
    }

    public ReviewOptions options() {
        return options;
    }

    /** Reviews a Pente game given as point indexes from the first move. */
    public GameReview review(List<Integer> points) {
        return review(Variant.PENTE, points, Long.MAX_VALUE);
    }

    /** Reviews a game of {@code variant} given as point indexes from the first move. */
    public GameReview review(Variant variant, List<Integer> points) {
        return review(variant, points, Long.MAX_VALUE);
    }

    /** As {@link #review(Variant, List, long)} for Pente. */
    public GameReview review(List<Integer> points, long deadlineNanos) {
        return review(Variant.PENTE, points, deadlineNanos);
    }

    /**
     * As {@link #review(Variant, List)}, stopping with a {@link CancellationException} once {@link System#nanoTime()}
     * passes {@code deadlineNanos} (checked between searches) or the thread is interrupted (the flag stays set).
     *
     * @throws IllegalArgumentException when the list holds an illegal move (message names the ply and why)
     */
    public GameReview review(Variant variant, List<Integer> points, long deadlineNanos) {
        variant = Variant.orDefault(variant);
        validate(variant, points);
        int n = points.size();
        Budget budget = options.searchBudget();
        EngineConfig config = EngineConfig.level(options.level());
        if (options.nodesPerPly() > 0) {
            config = config.withThreads(1);   // a node budget promises the same review on any machine
        }
        if (tableBits != 0) {
            config = config.withTtBits(tableBits);
        }
        Engine engine = new Engine(config, seed, variant);
        Position position = new Position(variant);

        // Pass 1: the searches. Pass 2 (below) turns their values into marks, using what later plies proved.
        List<Ply> plies = new ArrayList<>(n);
        SearchResult before = n == 0 ? null : search(engine, position, budget, deadlineNanos, 0);
        for (int i = 0; i < n; i++) {
            int ply = i + 1;
            Color mover = position.toMove();
            int played = points.get(i);
            int best = before.move();
            int onlyMove = onlyNonLosingMove(position);

            // The best move's value, when it is not the move played (the position after it is not on the path).
            Integer bestValue = null;
            List<Integer> bestReply = List.of();
            if (played != best) {
                position.apply(best);
                if (position.status().isOver()) {
                    bestValue = terminal(position, mover);
                } else {
                    SearchResult reply = search(engine, position, budget, deadlineNanos, ply);
                    bestValue = -reply.score();
                    bestReply = reply.pv();
                }
                position.undo();
            }
            position.apply(played);
            SearchResult after = position.status().isOver() ? null : search(engine, position, budget, deadlineNanos, ply);
            int playedValue = after == null ? terminal(position, mover) : -after.score();
            if (bestValue == null) {
                bestValue = playedValue;
                bestReply = after == null ? List.of() : after.pv();
            }
            plies.add(new Ply(ply, mover, played, best, line(before, bestReply), bestValue, playedValue, before.isWin(), onlyMove,
                    after == null ? List.of() : after.pv()));
            before = after;
        }
        return judge(settle(plies));
    }

    /**
     * Carries forced results backwards, from the end of the game: a forced win for the mover at ply i means the
     * move before it lost; a position where the engine's best move and the move played both lose by force
     * counts as lost (the engine's best line decides, as in any engine review), so the move before it kept a
     * forced win. A loss found late is thereby blamed on the move that allowed it, as far as the searches see.
     */
    private static List<Ply> settle(List<Ply> plies) {
        List<Ply> settled = new ArrayList<>(plies);
        for (int i = settled.size() - 1; i >= 1; i--) {
            Ply cur = settled.get(i);
            Ply prev = settled.get(i - 1);
            int playedValue = prev.playedValue();
            if (cur.winAvailable() && !WinChance.isWin(playedValue)) {
                playedValue = LOST;
            } else if (!cur.winAvailable() && WinChance.isLoss(cur.bestValue()) && WinChance.isLoss(cur.playedValue())
                    && !WinChance.isLoss(playedValue)) {
                playedValue = WON;
            }
            if (playedValue != prev.playedValue()) {
                int bestValue = prev.played() == prev.best() ? playedValue : prev.bestValue();
                settled.set(i - 1, new Ply(prev.ply(), prev.mover(), prev.played(), prev.best(), prev.line(), bestValue,
                        playedValue, prev.provedWin(), prev.onlyMove(), prev.replyLine()));
            }
        }
        return settled;
    }

    /**
     * The line shown for the best move: the search's own, or when that is the bare move (a forced reply, a
     * threat-search win, a book move), the move followed by the line of the search after it.
     */
    private static List<Integer> line(SearchResult before, List<Integer> reply) {
        if (before.pv().size() > 1 || reply.isEmpty()) {
            return before.pv();
        }
        List<Integer> line = new ArrayList<>(reply.size() + 1);
        line.add(before.move());
        line.addAll(reply);
        return line;
    }

    /** What the searches of one ply found, values from the mover's view. */
    record Ply(int ply, Color mover, int played, int best, List<Integer> line, int bestValue, int playedValue,
                       boolean provedWin, int onlyMove, List<Integer> replyLine) {
        boolean winAvailable() {
            return provedWin || WinChance.isWin(bestValue) || WinChance.isWin(playedValue);
        }
    }

    /** A forced win or loss established by the corrections rather than by a search (shown as +-5000 either way). */
    private static final int WON = SearchResult.WIN_SCORE - 2;
    private static final int LOST = -WON;

    GameReview judge(List<Ply> plies) {
        int n = plies.size();
        List<MoveReview> moves = new ArrayList<>(n);
        GameReview.FirstWin firstWin = null;
        Integer previous = null;   // the value of the move before, from its mover's view, after these corrections
        for (int i = 0; i < n; i++) {
            Ply p = plies.get(i);
            int played = p.played();
            int best = p.best();
            List<Integer> line = p.line();
            int bestValue = p.bestValue();
            int playedValue = p.playedValue();
            boolean nextWins = i + 1 < n && plies.get(i + 1).winAvailable();
            // What the move before proved holds here: a move that kept a forced win leaves every move of this
            // side lost (unless a search here proves the opposite), one that lost leaves this side a win.
            boolean lostHere = previous != null && WinChance.isWin(previous);
            boolean wonHere = previous != null && WinChance.isLoss(previous);
            if (lostHere) {
                bestValue = WinChance.isWin(bestValue) ? bestValue : LOST;
                playedValue = WinChance.isWin(playedValue) ? playedValue : LOST;
            }
            boolean winAvailable = p.winAvailable() || wonHere;
            // A forced win the side has is kept by the engine's best move (the search after it may lack the budget
            // to see it again), unless that is the move played and the next ply proves the opponent wins.
            if (winAvailable && (played != best || !nextWins)) {
                bestValue = WinChance.isWin(bestValue) ? bestValue : WON;
                if (played == best) {
                    playedValue = bestValue;
                }
            }
            // The opponent's forced win found at the next ply is a proof that this move lost: it shows here, where
            // it happened, even when the search after this move (one budget, one ply shallower) did not see it.
            if (nextWins && !WinChance.isWin(playedValue)) {
                playedValue = LOST;
                if (played == best) {
                    bestValue = playedValue;
                }
            }
            // The engine's own move refuted at the next ply: the win its search claimed here was none (a beam
            // cut makes such proofs unsound), so this move neither had nor missed one.
            if (played == best && nextWins) {
                winAvailable = false;
            }
            // The engine's suggestion refuted by the deeper search after it, the move played not: the move played
            // is the best move known, and the board shows its line.
            if (played != best && WinChance.isLoss(bestValue) && !WinChance.isLoss(playedValue)) {
                best = played;
                line = new ArrayList<>(p.replyLine().size() + 1);
                line.add(played);
                line.addAll(p.replyLine());
                bestValue = playedValue;
            }
            previous = playedValue;
            boolean keepsWin = WinChance.isWin(playedValue);
            boolean missedWin = winAvailable && !keepsWin;

            double drop = played == best ? 0.0 : Math.max(0.0, WinChance.of(bestValue) - WinChance.of(playedValue));
            MoveClass moveClass;
            if (played == p.onlyMove()) {
                moveClass = MoveClass.FORCED;
            } else if (played == best) {
                moveClass = MoveClass.BEST;
            } else {
                moveClass = MoveClass.ofDrop(drop);
                // Missing a forced win is never better than an inaccuracy, however won the position still looks.
                if (missedWin && moveClass.compareTo(MoveClass.INACCURACY) < 0) {
                    moveClass = MoveClass.INACCURACY;
                }
            }
            if (winAvailable && firstWin == null) {
                firstWin = new GameReview.FirstWin(p.ply(), p.mover(), keepsWin && !p.provedWin() ? played : best);
            }
            int sign = p.mover() == Color.WHITE ? 1 : -1;
            moves.add(new MoveReview(p.ply(), played, p.mover(), WinChance.clip(sign * playedValue),
                    WinChance.of(sign * playedValue), best, line, WinChance.clip(sign * bestValue), moveClass, drop,
                    winAvailable, missedWin));
        }
        return new GameReview(options.level(), options.nodesPerPly() > 0 ? 0 : options.millisPerPly(), moves,
                summarise(moves, Color.WHITE), summarise(moves, Color.BLACK), firstWin);
    }

    /** Replays the list on a scratch position so that nothing is searched for an illegal game. */
    static void validate(List<Integer> points) {
        validate(Variant.PENTE, points);
    }

    /** Replays the list under {@code variant}'s rules on a scratch position. */
    static void validate(Variant variant, List<Integer> points) {
        if (points == null) {
            throw new IllegalArgumentException("no move list");
        }
        Position position = new Position(variant);
        for (int i = 0; i < points.size(); i++) {
            Integer point = points.get(i);
            if (point == null || point < 0 || point >= Board.POINTS) {
                throw new IllegalArgumentException("move " + (i + 1) + " (" + point + ") is not a point of the board");
            }
            MoveError error = position.check(point);
            if (error != null) {
                throw new IllegalArgumentException("move " + (i + 1) + ": "
                        + new IllegalMoveException(error, Notation.format(point)).getMessage());
            }
            position.apply(point);
        }
    }

    private static SearchResult search(Engine engine, Position position, Budget budget, long deadlineNanos, int ply) {
        if (Thread.currentThread().isInterrupted()) {
            throw new CancellationException("review interrupted at ply " + ply);
        }
        if (deadlineNanos != Long.MAX_VALUE && System.nanoTime() - deadlineNanos > 0) {
            throw new CancellationException("review deadline passed at ply " + ply);
        }
        return engine.bestMove(position, budget);
    }

    /** The value of a finished game for {@code mover}, in search units. */
    private static int terminal(Position position, Color mover) {
        Status status = position.status();
        if (status.winner() == null) {
            return 0;
        }
        return status.winner() == mover ? SearchResult.WIN_SCORE - 1 : -SearchResult.WIN_SCORE + 1;
    }

    /**
     * The one move of the side to move that does not lose at once (the opponent completing five or a
     * fifth pair next move, or the mover winning first), or -1 when there are none or several.
     * A move far from every stone blocks and captures nothing, so one such point stands for all of them.
     */
    static int onlyNonLosingMove(Position position) {
        int found = -1;
        int count = 0;
        boolean farTried = false;
        for (int point = 0; point < Board.POINTS; point++) {
            if (position.check(point) != null) {
                continue;
            }
            if (!nearStone(position, point)) {
                if (farTried) {
                    continue;
                }
                farTried = true;
            }
            if (!losesAtOnce(position, point)) {
                found = point;
                if (++count > 1) {
                    return -1;
                }
            }
        }
        return count == 1 ? found : -1;
    }

    private static boolean losesAtOnce(Position position, int point) {
        Color mover = position.toMove();
        position.apply(point);
        try {
            if (position.status().isOver()) {
                return position.status().winner() != mover && position.status().winner() != null;
            }
            for (int reply = 0; reply < Board.POINTS; reply++) {
                if (position.isEmpty(reply) && nearStone(position, reply)) {
                    position.apply(reply);
                    boolean wins = position.status().winner() == mover.opponent();
                    position.undo();
                    if (wins) {
                        return true;
                    }
                }
            }
            return false;
        } finally {
            position.undo();
        }
    }

    private static boolean nearStone(Position position, int point) {
        int row = Board.row(point);
        int col = Board.col(point);
        for (int dr = -1; dr <= 1; dr++) {
            for (int dc = -1; dc <= 1; dc++) {
                int r = row + dr;
                int c = col + dc;
                if ((dr != 0 || dc != 0) && r >= 0 && r < Board.SIZE && c >= 0 && c < Board.SIZE
                        && !position.isEmpty(Board.point(r, c))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static GameReview.Summary summarise(List<MoveReview> moves, Color color) {
        int count = 0;
        int inaccuracies = 0;
        int mistakes = 0;
        int blunders = 0;
        int missed = 0;
        double accuracy = 0;
        for (MoveReview m : moves) {
            if (m.color() != color) {
                continue;
            }
            count++;
            switch (m.moveClass()) {
                case INACCURACY -> inaccuracies++;
                case MISTAKE -> mistakes++;
                case BLUNDER -> blunders++;
                default -> {
                }
            }
            if (m.missedWin()) {
                missed++;
            }
            accuracy += WinChance.accuracy(m.drop());
        }
        double mean = count == 0 ? 100.0 : Math.round(accuracy / count * 10) / 10.0;
        return new GameReview.Summary(count, inaccuracies, mistakes, blunders, missed, mean);
    }
}

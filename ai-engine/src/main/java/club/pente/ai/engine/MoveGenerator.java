package club.pente.ai.engine;

import club.pente.core.rules.Board;

import static club.pente.ai.engine.Geometry.CELL_OF_POINT;
import static club.pente.ai.engine.Geometry.DIRS;
import static club.pente.ai.engine.Geometry.MAX_WINDOWS_AT;
import static club.pente.ai.engine.Geometry.SEGMENT_CELLS;
import static club.pente.ai.engine.Geometry.WINDOWS_AT;
import static club.pente.ai.engine.Geometry.WINDOWS_AT_COUNT;
import static club.pente.ai.engine.Geometry.WINDOW_CELLS;

/**
 * Candidate moves (cells) for a board, written into caller-owned arrays so that nothing is allocated
 * per node. Candidates are the empty points within distance 2 of a stone; the opening rule is applied
 * at plies 1 and 3 exactly as pente-core does. Forcing subsets (defences against a threatened win,
 * moves that make a four, captures) feed the quiescence and the threat search. Captures follow the
 * board's variant: pairs, pairs and trios (Keryo), none (Gomoku, whose threat lists stay empty).
 */
final class MoveGenerator {
    /** Static ordering weights indexed by how many of a window's stones are the mover's (or the foe's). */
    private static final int[] ATTACK = {1, 8, 40, 600, 200_000};
    private static final int[] BLOCK = {0, 5, 30, 400, 100_000};

    /** ATTACK and BLOCK folded per window code, for the mover (index 1 white, 2 black). */
    private static final int[][] LINE_VALUE = new int[3][36];

    static {
        for (int code = 0; code < 36; code++) {
            int white = EngineBoard.WINDOW_WHITE[code];
            int black = EngineBoard.WINDOW_BLACK[code];
            if (white + black > 4) {
                continue;
            }
            for (int me = 1; me <= 2; me++) {
                int mine = me == 1 ? white : black;
                int theirs = me == 1 ? black : white;
                LINE_VALUE[me][code] = (theirs == 0 ? ATTACK[mine] : 0) + (mine == 0 ? BLOCK[theirs] : 0);
            }
        }
    }

    private final EngineBoard board;
    private final int[] mark = new int[Geometry.CELLS];
    private final int[] scratch = new int[Board.POINTS];
    private final int[] critical = new int[Geometry.CELLS];
    private int stamp;
    private int criticalStamp;

    MoveGenerator(EngineBoard board) {
        this.board = board;
    }

    /** All candidate moves; returns how many were written. */
    int candidates(int[] out) {
        final EngineBoard b = board;
        int n = 0;
        if (b.ply <= 2 || b.stoneTotal == 0) {
            for (int p = 0; p < Board.POINTS; p++) {
                int cell = CELL_OF_POINT[p];
                if ((b.near[cell] > 0 || b.stoneTotal == 0) && b.isLegal(p)) {
                    out[n++] = cell;
                }
            }
            if (n == 0) {
                // The opening rule can leave nothing near the stones (White's ply 3): any legal point.
                for (int p = 0; p < Board.POINTS; p++) {
                    if (b.isLegal(p) && Board.distance(p, Board.CENTRE) <= 3) {
                        out[n++] = CELL_OF_POINT[p];
                    }
                }
            }
            if (b.stoneTotal == 0 && n > 1) {
                // A set-up empty board: the centre is as good as anything.
                out[0] = CELL_OF_POINT[Board.CENTRE];
                n = 1;
            }
            return n;
        }
        final byte[] cells = b.cells;
        final byte[] near = b.near;
        for (int cell : CELL_OF_POINT) {
            if (cells[cell] == 0 && near[cell] > 0) {
                out[n++] = cell;
            }
        }
        return n;
    }

    /** A move that wins at once for the side to move (completes five, takes the winning capture), or -1. */
    int winningMove() {
        final EngineBoard b = board;
        final int me = b.toMove;
        newStamp();
        if (b.fours[me] > 0 && emptiesOfWindows(me, 4, scratch, 0) > 0) {
            return scratch[0];
        }
        return b.canWinByCaptures(me) ? b.winningCaptureCell(me) : -1;
    }

    /**
     * Replies when the opponent threatens to win next move: block each of its fours, fill the points
     * where it would take a fifth pair (Keryo: the capture reaching 15 stones), or capture (a capture can
     * break a four or remove a flanking stone). Returns how many; 0 means nothing helps.
     */
    int defences(int[] out) {
        final EngineBoard b = board;
        final int me = b.toMove;
        final int opp = 3 - me;
        newStamp();
        int n = 0;
        if (b.fours[opp] > 0) {
            n = emptiesOfWindows(opp, 4, out, n);
        }
        final boolean pairWin = b.canWinByCaptures(opp);
        if (pairWin) {
            // Taking the points where it would capture (for a multiple capture one point may do).
            n = captureCells(opp, out, n);
        }
        return b.captureThreats[me] + b.trioThreats[me] > 0 ? relevantCaptures(me, opp, pairWin, out, n) : n;
    }

    /**
     * The captures that take a stone of one of the opponent's fours, or (when it can capture its way to
     * the win) a stone flanking one of its capture threats, or that win at once by captures.
     * Any other capture leaves the threatened win on the board.
     */
    private int relevantCaptures(int me, int opp, boolean pairWin, int[] out, int n) {
        final EngineBoard b = board;
        final byte[] cells = b.cells;
        final int key = ++criticalStamp;
        if (b.fours[opp] > 0) {
            final int[] fours = b.fourList[opp];
            for (int k = 0, count = b.fours[opp]; k < count; k++) {
                for (int i = fours[k] * 5, end = i + 5; i < end; i++) {
                    critical[WINDOW_CELLS[i]] = key;
                }
            }
        }
        if (pairWin) {
            final int[] threats = b.captureList[opp];
            for (int k = 0, count = b.captureThreats[opp]; k < count; k++) {
                int id = threats[k];
                int first = SEGMENT_CELLS[id * 4];
                critical[cells[first] == opp ? first : SEGMENT_CELLS[id * 4 + 3]] = key;
            }
            final int[] trios = b.trioList[opp];
            for (int k = 0, count = b.trioThreats[opp]; k < count; k++) {
                int id = trios[k];
                int first = WINDOW_CELLS[id * 5];
                critical[cells[first] == opp ? first : WINDOW_CELLS[id * 5 + 4]] = key;
            }
        }
        final int need = b.winStones - b.taken[me];
        final int[] list = b.captureList[me];
        for (int k = 0, count = b.captureThreats[me]; k < count; k++) {
            int id = list[k];
            int cell = b.pairThreatCell(id);
            if (critical[SEGMENT_CELLS[id * 4 + 1]] != key && critical[SEGMENT_CELLS[id * 4 + 2]] != key
                    && b.stonesCapturedAt(cell, me) < need) {
                continue;
            }
            if (mark[cell] != stamp) {
                mark[cell] = stamp;
                out[n++] = cell;
            }
        }
        final int[] trios = b.trioList[me];
        for (int k = 0, count = b.trioThreats[me]; k < count; k++) {
            int id = trios[k];
            int cell = b.trioThreatCell(id);
            if (critical[WINDOW_CELLS[id * 5 + 1]] != key && critical[WINDOW_CELLS[id * 5 + 2]] != key
                    && critical[WINDOW_CELLS[id * 5 + 3]] != key && b.stonesCapturedAt(cell, me) < need) {
                continue;
            }
            if (mark[cell] != stamp) {
                mark[cell] = stamp;
                out[n++] = cell;
            }
        }
        return n;
    }

    /** Moves that make a four for the side to move (the empty points of its clean threes). */
    int fourMoves(int[] out) {
        newStamp();
        return board.threes[board.toMove] > 0 ? emptiesOfWindows(board.toMove, 3, out, 0) : 0;
    }

    /**
     * Attacking moves for the threat search: those that make a four, capture, or (one capture from the
     * win: four pairs taken, in Keryo 12 or more stones) threaten the winning capture; with
     * {@code threes}, also those that make a three.
     */
    int threatMoves(int[] out, boolean threes) {
        final EngineBoard b = board;
        final int me = b.toMove;
        newStamp();
        int n = emptiesOfWindows(me, 3, out, 0);
        if (threes) {
            n = emptiesOfWindows(me, 2, out, n);
        }
        n = captures(me, out, n);
        if (b.captures && b.winStones - b.taken[me] <= (b.trios ? 3 : 2)) {
            n = captureThreatMoves(me, out, n);
        }
        return n;
    }

    /**
     * Replies to a three (a threat to make an open four): the empty points of the attacker's threes
     * and fours, the defender's own fours and its captures.
     */
    int threeDefences(int[] out) {
        final int me = board.toMove;
        newStamp();
        int n = emptiesOfWindows(3 - me, 3, out, 0);
        n = emptiesOfWindows(3 - me, 4, out, n);
        n = emptiesOfWindows(me, 3, out, n);
        return captures(me, out, n);
    }

    /**
     * Moves that make {@code X O O _}: a capture threat for {@code color}; in Keryo also {@code X O O O _}
     * (trio threats only when they would win, to keep the threat search narrow).
     */
    int captureThreatMoves(int color, int[] out, int n) {
        final EngineBoard b = board;
        final byte[] c = b.cells;
        final byte[] near = b.near;
        final int opp = 3 - color;
        final boolean pairThreats = b.winStones - b.taken[color] <= 2 || !b.trios;
        final boolean trioThreats = b.trios;
        for (int cell : CELL_OF_POINT) {
            if (c[cell] != 0 || near[cell] == 0 || mark[cell] == stamp) {
                continue;
            }
            for (int off : DIRS) {
                if (c[cell + off] == opp && c[cell + 2 * off] == opp) {
                    int c3 = c[cell + 3 * off];
                    if ((pairThreats && c3 == 0) || (trioThreats && c3 == opp && c[cell + 4 * off] == 0)) {
                        mark[cell] = stamp;
                        out[n++] = cell;
                        break;
                    }
                }
            }
        }
        return n;
    }

    /** Moves of {@code color} that capture at least one pair (or trio), appended after {@code n} entries. */
    int captures(int color, int[] out, int n) {
        return board.captureThreats[color] + board.trioThreats[color] > 0 ? captureCells(color, out, n) : n;
    }

    /** The empty points where {@code color} could capture (the open end of {@code X O O _}, {@code X O O O _}). */
    int captureCells(int color, int[] out, int n) {
        final EngineBoard b = board;
        final int[] list = b.captureList[color];
        for (int k = 0, count = b.captureThreats[color]; k < count; k++) {
            int cell = b.pairThreatCell(list[k]);
            if (mark[cell] != stamp) {
                mark[cell] = stamp;
                out[n++] = cell;
            }
        }
        final int[] trios = b.trioList[color];
        for (int k = 0, count = b.trioThreats[color]; k < count; k++) {
            int cell = b.trioThreatCell(trios[k]);
            if (mark[cell] != stamp) {
                mark[cell] = stamp;
                out[n++] = cell;
            }
        }
        return n;
    }

    /** The empty points of every window holding {@code stones} of {@code color} and none of the other. */
    int emptiesOfWindows(int color, int stones, int[] out, int n) {
        final byte[] cells = board.cells;
        if (stones >= 3) {
            // Fours and threes are listed by the board: no scan.
            final int[] list = stones == 4 ? board.fourList[color] : board.threeList[color];
            final int count = stones == 4 ? board.fours[color] : board.threes[color];
            for (int k = 0; k < count; k++) {
                n = emptiesOf(list[k], cells, out, n);
            }
            return n;
        }
        final byte[] windows = board.windows;
        final int code = color == 1 ? stones : stones * EngineBoard.BLACK_UNIT;
        for (int id = 0; id < windows.length; id++) {
            if (windows[id] == code) {
                n = emptiesOf(id, cells, out, n);
            }
        }
        return n;
    }

    private int emptiesOf(int window, byte[] cells, int[] out, int n) {
        for (int i = window * 5, end = i + 5; i < end; i++) {
            int cell = WINDOW_CELLS[i];
            if (cells[cell] == 0 && mark[cell] != stamp) {
                mark[cell] = stamp;
                out[n++] = cell;
            }
        }
        return n;
    }

    /**
     * A static guess of how good a move is for the side to move: what it builds and blocks on its
     * lines, what it captures, which of its pairs it saves, which capture it threatens or walks into.
     */
    int score(int cell) {
        final EngineBoard b = board;
        final int me = b.toMove;
        final int opp = 3 - me;
        final byte[] windows = b.windows;
        int s = 0;
        final int[] lineValue = LINE_VALUE[me];
        for (int k = cell * MAX_WINDOWS_AT, end = k + WINDOWS_AT_COUNT[cell]; k < end; k++) {
            s += lineValue[windows[WINDOWS_AT[k]]];
        }
        if (!b.captures) {
            return s;
        }
        final byte[] c = b.cells;
        final boolean trios = b.trios;
        final int win = b.winStones;
        final int myTaken = b.taken[me];
        final int oppTaken = b.taken[opp];
        // Pairs towards the win (Pente: pairs; Keryo: stones / 3).
        final int mine = b.captureProgress[myTaken];
        final int theirs = b.captureProgress[oppTaken];
        for (int off : DIRS) {
            int c1 = c[cell + off];
            int c2 = c[cell + 2 * off];
            int c3 = c[cell + 3 * off];
            if (c1 == opp && c2 == opp) {
                if (c3 == me) {
                    s += myTaken + 2 >= win ? 200_000 : 700 + 250 * mine;
                } else if (c3 == 0) {
                    s += mine >= 3 ? 400 : 60;
                } else if (trios && c3 == opp) {
                    int c4 = c[cell + 4 * off];
                    if (c4 == me) {
                        s += myTaken + 3 >= win ? 200_000 : 900 + 250 * mine;
                    } else if (c4 == 0) {
                        s += mine >= 3 ? 450 : 70;
                    }
                }
            } else if (c1 == me && c2 == me) {
                if (c3 == opp) {
                    // The opponent could capture here: taking the point saves the pair.
                    s += oppTaken + 2 >= win ? 100_000 : 500 + 200 * theirs;
                } else if (trios && c3 == me && c[cell + 4 * off] == opp) {
                    // Keryo: the same for a trio.
                    s += oppTaken + 3 >= win ? 100_000 : 600 + 200 * theirs;
                }
            } else if (c1 == me && c2 == opp && c[cell - off] == 0) {
                // Our new stone and its neighbour make a pair the opponent can flank at once.
                s -= 80;
            } else if (c1 == me && c2 == 0 && c[cell - off] == opp) {
                s -= 80;
            }
        }
        return s;
    }

    private void newStamp() {
        stamp++;
    }
}

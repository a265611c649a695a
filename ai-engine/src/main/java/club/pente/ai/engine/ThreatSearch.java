package club.pente.ai.engine;

import club.pente.core.rules.Board;

/**
 * Looks for a forced win of the side to move by threats alone, with a node cap.
 *
 * <p>The attacker only plays moves that threaten to win next move (a four, or with four pairs taken a
 * capture threat) or that capture; with {@code threes} also moves that make an open three. A four is
 * answered by every move that can stop it (each block point, each point where the fifth pair would be
 * taken, every capture, which covers capturing out of the four), so a win found with fours only (VCF)
 * is a proof. Threes are answered by the points of the attacker's threes and fours, the defender's own
 * fours and its captures: a strong but not exhaustive set, so a win through threes (VCT) is a hint that
 * the main search verifies. An attacking move that leaves the defender a win at once is never tried,
 * and the defender's counter-fours must be parried by the attacker's next threat.
 */
final class ThreatSearch {
    private static final int MAX_ATTACKS = 16;

    private final EngineBoard board;
    private final MoveGenerator moves;
    private final int[][] buffers = new int[2 * MAX_ATTACKS + 2][Board.POINTS];
    private long nodes;
    private long cap;
    private long deadline;
    private boolean threes;
    private int firstMove;

    ThreatSearch(EngineBoard board, MoveGenerator moves) {
        this.board = board;
        this.moves = moves;
    }

    /**
     * The first move (a cell) of a forced win for the side to move within {@code attacks} attacking
     * moves, or -1. Deepens one attack at a time so that the shortest win is found first.
     */
    int find(int attacks, long nodeCap, long deadlineNanos, boolean withThrees) {
        nodes = 0;
        cap = nodeCap;
        deadline = deadlineNanos;
        threes = withThrees;
        firstMove = -1;
        int win = moves.winningMove();
        if (win >= 0) {
            return win;
        }
        for (int depth = 1; depth <= Math.min(attacks, MAX_ATTACKS) && nodes < cap; depth++) {
            if (attack(depth, 0)) {
                return firstMove;
            }
        }
        return -1;
    }

    long nodes() {
        return nodes;
    }

    private boolean attack(int depth, int ply) {
        final EngineBoard b = board;
        if (b.canWinNow()) {
            if (ply == 0) {
                firstMove = moves.winningMove();
            }
            return true;
        }
        if (depth == 0 || nodes >= cap) {
            return false;
        }
        final int attacker = b.toMove;
        final int[] list = buffers[ply];
        final int n = moves.threatMoves(list, threes);
        for (int i = 0; i < n; i++) {
            final int move = list[i];
            final int threesBefore = b.threes[attacker];
            if ((++nodes & 255) == 0 && System.nanoTime() > deadline) {
                cap = 0;
            }
            b.apply(move);
            boolean won = b.result == attacker || (!b.canWinNow() && defended(depth, ply, attacker, threesBefore));
            b.undo();
            if (won) {
                if (ply == 0) {
                    firstMove = move;
                }
                return true;
            }
            if (nodes >= cap) {
                return false;
            }
        }
        return false;
    }

    /** Whether every reply of the defender (to move now) still loses. False when the move threatened nothing. */
    private boolean defended(int depth, int ply, int attacker, int threesBefore) {
        final EngineBoard b = board;
        final int[] replies = buffers[ply + 1];
        final int n;
        if (b.opponentThreatensWin()) {
            n = moves.defences(replies);
        } else if (threes && b.threes[attacker] >= threesBefore + 2) {
            n = moves.threeDefences(replies);
        } else {
            return false;
        }
        final int defender = b.toMove;
        for (int i = 0; i < n; i++) {
            nodes++;
            b.apply(replies[i]);
            boolean lost = b.result != defender && attack(depth - 1, ply + 2);
            b.undo();
            if (!lost) {
                return false;
            }
        }
        return true;
    }
}

package club.pente.core.rules;

import java.util.Arrays;

/**
 * A Pente game in progress: stones, side to move, captured pairs, result, and the history needed to
 * undo. {@link #apply(int)} and {@link #undo()} do captures, win and draw detection and keep a Zobrist
 * hash, without allocating (the history arrays only grow when a game passes their capacity).
 *
 * <p>Not thread-safe; one owner at a time.
 */
public final class Position {
    private static final int WIN_PAIRS = 5;

    private final byte[] cells = new byte[Board.CELLS];
    private final int[] stones = new int[3];
    private final int[] pairs = new int[3];
    private int stoneTotal;
    private int ply;
    private int toMove = Color.WHITE.code();
    private Status status = Status.ONGOING;
    private EndReason reason;
    private long hash;
    /** Plies before the recorded history: stones put on the board by {@link #setUp}, not played. */
    private int basePly;

    // Per ply: the point played and a bit per direction in which a pair was captured.
    private int[] playedPoints = new int[512];
    private byte[] captureMasks = new byte[512];

    public Position() {
        Arrays.fill(cells, Board.BORDER);
        for (int p = 0; p < Board.POINTS; p++) {
            cells[Board.CELL_OF_POINT[p]] = 0;
        }
    }

    /** Replays moves given as point indexes; throws on the first illegal one. */
    public static Position of(int... points) {
        Position position = new Position();
        for (int point : points) {
            position.play(point);
        }
        return position;
    }

    /**
     * A position with stones placed directly, for puzzles, analysis and tests: no captures or wins are
     * evaluated for them and the opening rules no longer apply. Its history starts here; the ply counter
     * starts at the number of stones so that move numbers stay plausible.
     */
    public static Position setUp(int[] white, int[] black, Color toMove) {
        Position position = new Position();
        for (int point : white) {
            position.place(point, Color.WHITE);
        }
        for (int point : black) {
            position.place(point, Color.BLACK);
        }
        position.ply = Math.max(position.stoneTotal, 3);
        position.basePly = position.ply;
        if (toMove == Color.BLACK) {
            position.toMove = Color.BLACK.code();
            position.hash ^= Zobrist.BLACK_TO_MOVE;
        }
        return position;
    }

    private void place(int point, Color color) {
        if (point < 0 || point >= Board.POINTS || cells[Board.CELL_OF_POINT[point]] != 0) {
            throw new IllegalArgumentException("cannot set up a stone on point " + point);
        }
        cells[Board.CELL_OF_POINT[point]] = (byte) color.code();
        stones[color.code()]++;
        stoneTotal++;
        hash ^= Zobrist.STONE[color.code()][point];
    }

    /** Why the side to move may not play this point, or null when it may. */
    public MoveError check(int point) {
        if (status != Status.ONGOING) {
            return MoveError.GAME_OVER;
        }
        if (point < 0 || point >= Board.POINTS) {
            return MoveError.OFF_BOARD;
        }
        if (cells[Board.CELL_OF_POINT[point]] != 0) {
            return MoveError.OCCUPIED;
        }
        if (ply == 0 && point != Board.CENTRE) {
            return MoveError.FIRST_MOVE_NOT_CENTRE;
        }
        if (ply == 2 && Board.distance(point, Board.CENTRE) < 3) {
            return MoveError.TOURNAMENT_RULE;
        }
        return null;
    }

    /** Plays a move after checking it; the position is unchanged when it is refused. */
    public void play(int point) {
        MoveError error = check(point);
        if (error != null) {
            throw new IllegalMoveException(error, null);
        }
        apply(point);
    }

    /**
     * Plays a move the caller knows to be legal (see {@link #check(int)}): places the stone, removes
     * captured pairs, then decides five in a row, fifth pair or full board.
     *
     * @return the number of pairs this move captured
     */
    public int apply(int point) {
        final byte[] b = cells;
        final int me = toMove;
        final int opp = 3 - me;
        final int cell = Board.CELL_OF_POINT[point];
        b[cell] = (byte) me;
        long h = hash ^ Zobrist.STONE[me][point];
        stones[me]++;
        stoneTotal++;

        int mask = 0;
        int captured = 0;
        final int[] dirs = Board.DIRECTIONS;
        for (int d = 0; d < 8; d++) {
            int off = dirs[d];
            int c1 = cell + off;
            if (b[c1] == opp && b[c1 + off] == opp && b[c1 + 2 * off] == me) {
                int c2 = c1 + off;
                b[c1] = 0;
                b[c2] = 0;
                h ^= Zobrist.STONE[opp][Board.POINT_OF_CELL[c1]] ^ Zobrist.STONE[opp][Board.POINT_OF_CELL[c2]];
                mask |= 1 << d;
                captured++;
            }
        }
        if (captured != 0) {
            int before = pairs[me];
            int after = before + captured;
            pairs[me] = after;
            stones[opp] -= 2 * captured;
            stoneTotal -= 2 * captured;
            h ^= Zobrist.CAPTURES[me][before & 63] ^ Zobrist.CAPTURES[me][after & 63];
        }

        final int index = ply - basePly;
        if (index == playedPoints.length) {
            growHistory();
        }
        playedPoints[index] = point;
        captureMasks[index] = (byte) mask;
        ply++;
        toMove = opp;
        hash = h ^ Zobrist.BLACK_TO_MOVE;

        if (makesFive(cell, me)) {
            status = me == 1 ? Status.WHITE_WINS : Status.BLACK_WINS;
            reason = EndReason.FIVE_IN_A_ROW;
        } else if (pairs[me] >= WIN_PAIRS) {
            status = me == 1 ? Status.WHITE_WINS : Status.BLACK_WINS;
            reason = EndReason.FIVE_CAPTURES;
        } else if (stoneTotal == Board.POINTS) {
            status = Status.DRAW;
            reason = EndReason.BOARD_FULL;
        }
        return captured;
    }

    /** Takes back the last move, restoring captured stones, counters, result and hash exactly. */
    public void undo() {
        if (ply == basePly) {
            throw new IllegalStateException("no move to undo");
        }
        final byte[] b = cells;
        ply--;
        final int point = playedPoints[ply - basePly];
        final int mask = captureMasks[ply - basePly];
        final int opp = toMove;
        final int me = 3 - opp;
        final int cell = Board.CELL_OF_POINT[point];
        long h = hash ^ Zobrist.BLACK_TO_MOVE ^ Zobrist.STONE[me][point];
        b[cell] = 0;
        stones[me]--;
        stoneTotal--;
        if (mask != 0) {
            int restored = 0;
            final int[] dirs = Board.DIRECTIONS;
            for (int d = 0; d < 8; d++) {
                if ((mask & (1 << d)) != 0) {
                    int c1 = cell + dirs[d];
                    int c2 = c1 + dirs[d];
                    b[c1] = (byte) opp;
                    b[c2] = (byte) opp;
                    h ^= Zobrist.STONE[opp][Board.POINT_OF_CELL[c1]] ^ Zobrist.STONE[opp][Board.POINT_OF_CELL[c2]];
                    restored++;
                }
            }
            int after = pairs[me];
            int before = after - restored;
            pairs[me] = before;
            stones[opp] += 2 * restored;
            stoneTotal += 2 * restored;
            h ^= Zobrist.CAPTURES[me][before & 63] ^ Zobrist.CAPTURES[me][after & 63];
        }
        toMove = me;
        hash = h;
        status = Status.ONGOING;
        reason = null;
    }

    private boolean makesFive(int cell, int me) {
        final byte[] b = cells;
        for (int off : Board.AXES) {
            int run = 1;
            for (int c = cell + off; b[c] == me; c += off) {
                run++;
            }
            for (int c = cell - off; b[c] == me; c -= off) {
                run++;
            }
            if (run >= 5) {
                return true;
            }
        }
        return false;
    }

    private void growHistory() {
        playedPoints = Arrays.copyOf(playedPoints, playedPoints.length * 2);
        captureMasks = Arrays.copyOf(captureMasks, captureMasks.length * 2);
    }

    /** The colour on a point, or null when it is empty. */
    public Color stoneAt(int point) {
        int code = cells[Board.CELL_OF_POINT[point]];
        return code == 0 ? null : Color.ofCode(code);
    }

    /** 0 empty, 1 white, 2 black: the allocation-free form of {@link #stoneAt(int)}. */
    public int codeAt(int point) {
        return cells[Board.CELL_OF_POINT[point]];
    }

    public boolean isEmpty(int point) {
        return cells[Board.CELL_OF_POINT[point]] == 0;
    }

    public int ply() {
        return ply;
    }

    public Color toMove() {
        return Color.ofCode(toMove);
    }

    public Status status() {
        return status;
    }

    /** Why the board ended the game, or null while it goes on. */
    public EndReason reason() {
        return reason;
    }

    public int capturedPairs(Color by) {
        return pairs[by.code()];
    }

    public int stones(Color color) {
        return stones[color.code()];
    }

    public int stoneCount() {
        return stoneTotal;
    }

    public long hash() {
        return hash;
    }

    /** Whether any move has been played (not merely set up). */
    public boolean hasHistory() {
        return ply > basePly;
    }

    /** The point played at a 1-based ply. */
    public int pointAt(int ply) {
        if (ply <= basePly || ply > this.ply) {
            throw new IndexOutOfBoundsException("ply " + ply + " was not played here (plies " + (basePly + 1) + ".." + this.ply + ")");
        }
        return playedPoints[ply - basePly - 1];
    }

    /** The points captured by the move at a 1-based ply, two per pair, in the order found. */
    public int[] capturedAt(int ply) {
        int mask = captureMasks[ply - basePly - 1] & 0xFF;
        int[] captured = new int[2 * Integer.bitCount(mask)];
        int cell = Board.CELL_OF_POINT[pointAt(ply)];
        int i = 0;
        for (int d = 0; d < 8; d++) {
            if ((mask & (1 << d)) != 0) {
                captured[i++] = Board.POINT_OF_CELL[cell + Board.DIRECTIONS[d]];
                captured[i++] = Board.POINT_OF_CELL[cell + 2 * Board.DIRECTIONS[d]];
            }
        }
        return captured;
    }

    /**
     * Tournament points: one per captured pair, five more for a pente (five in a row).
     */
    public int points(Color color) {
        int points = pairs[color.code()];
        if (reason == EndReason.FIVE_IN_A_ROW && status.winner() == color) {
            points += 5;
        }
        return points;
    }
}

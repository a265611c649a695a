package club.pente.core.rules;

import java.util.Arrays;

/**
 * A game in progress under one {@link Variant} (Pente unless told): stones, side to move, captures, result, and
 * the history needed to undo. {@link #apply(int)} and {@link #undo()} do captures, win and draw detection and keep a
 * Zobrist hash, without allocating (the history arrays only grow when a game passes their capacity).
 *
 * <p>Captures: Pente takes exactly two flanked stones, Keryo two or three (in one direction only one of the two
 * can apply: the stone behind the second is either the mover's or the opponent's), Gomoku none. {@link
 * #capturedPairs(Color)} counts captures (a pair or, in Keryo, a trio), {@link #capturedStones(Color)} the stones
 * taken; the capture win is {@link Variant#captureWinStones()} stones. Five in a row is decided before the
 * capture win (a move doing both wins by five).
 *
 * <p>Not thread-safe; one owner at a time.
 */
public final class Position {
    /** Bit d of a capture mask: a pair taken in direction d; bit TRIO + d: a trio. */
    private static final int TRIO = 8;

    private final Variant variant;
    /** The variant's switches, copied into fields so that the move path reads no enum. */
    private final boolean captures;
    private final boolean pairCaptures;
    private final boolean trioCaptures;
    private final boolean tournamentRule;
    /** Captured stones that win; {@code Integer.MAX_VALUE} when captures never win. */
    private final int captureWin;

    private final byte[] cells = new byte[Board.CELLS];
    private final int[] stones = new int[3];
    /** Captures made per side (pairs and trios), and the stones they took. */
    private final int[] pairs = new int[3];
    private final int[] taken = new int[3];
    private int stoneTotal;
    private int ply;
    private int toMove = Color.WHITE.code();
    private Status status = Status.ONGOING;
    private EndReason reason;
    private long hash;
    /** Plies before the recorded history: stones put on the board by {@link #setUp}, not played. */
    private int basePly;

    // Per ply: the point played and a capture mask (bit d: a pair taken in direction d, bit 8 + d: a trio).
    private int[] playedPoints = new int[512];
    private short[] captureMasks = new short[512];

    /** The start of a Pente game. */
    public Position() {
        this(Variant.PENTE);
    }

    /** The start of a game of {@code variant} (null is Pente). */
    public Position(Variant variant) {
        this.variant = Variant.orDefault(variant);
        this.pairCaptures = this.variant.pairCaptures();
        this.trioCaptures = this.variant.trioCaptures();
        this.captures = pairCaptures || trioCaptures;
        this.tournamentRule = this.variant.tournamentRule();
        this.captureWin = this.variant.captureWinStones() > 0 ? this.variant.captureWinStones() : Integer.MAX_VALUE;
        this.hash = Zobrist.VARIANT[this.variant.ordinal()];
        Arrays.fill(cells, Board.BORDER);
        for (int p = 0; p < Board.POINTS; p++) {
            cells[Board.CELL_OF_POINT[p]] = 0;
        }
    }

    /** Replays Pente moves given as point indexes; throws on the first illegal one. */
    public static Position of(int... points) {
        return of(Variant.PENTE, points);
    }

    /** Replays moves of {@code variant} given as point indexes; throws on the first illegal one. */
    public static Position of(Variant variant, int... points) {
        Position position = new Position(variant);
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
        return setUp(Variant.PENTE, white, black, toMove);
    }

    /** {@link #setUp(int[], int[], Color)} for a game of {@code variant}; no stones count as captured. */
    public static Position setUp(Variant variant, int[] white, int[] black, Color toMove) {
        Position position = new Position(variant);
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
        if (ply == 2 && tournamentRule && Board.distance(point, Board.CENTRE) < 3) {
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
     * captured pairs (and trios in Keryo), then decides five in a row, the capture win or full board.
     *
     * @return the number of captures this move made (pairs and trios)
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
        int removed = 0;
        if (captures) {
            final int[] dirs = Board.DIRECTIONS;
            for (int d = 0; d < 8; d++) {
                int off = dirs[d];
                int c1 = cell + off;
                int c2 = c1 + off;
                if (b[c1] != opp || b[c2] != opp) {
                    continue;
                }
                // The padding holds walks of four steps: c4 is at most a border cell.
                int c3 = c2 + off;
                if (b[c3] == me && pairCaptures) {
                    b[c1] = 0;
                    b[c2] = 0;
                    h ^= Zobrist.STONE[opp][Board.POINT_OF_CELL[c1]] ^ Zobrist.STONE[opp][Board.POINT_OF_CELL[c2]];
                    mask |= 1 << d;
                    captured++;
                    removed += 2;
                } else if (trioCaptures && b[c3] == opp && b[c3 + off] == me) {
                    b[c1] = 0;
                    b[c2] = 0;
                    b[c3] = 0;
                    h ^= Zobrist.STONE[opp][Board.POINT_OF_CELL[c1]] ^ Zobrist.STONE[opp][Board.POINT_OF_CELL[c2]]
                            ^ Zobrist.STONE[opp][Board.POINT_OF_CELL[c3]];
                    mask |= 1 << (TRIO + d);
                    captured++;
                    removed += 3;
                }
            }
            if (captured != 0) {
                pairs[me] += captured;
                int before = taken[me];
                int after = before + removed;
                taken[me] = after;
                stones[opp] -= removed;
                stoneTotal -= removed;
                h ^= Zobrist.CAPTURES[me][before & 63] ^ Zobrist.CAPTURES[me][after & 63];
            }
        }

        final int index = ply - basePly;
        if (index == playedPoints.length) {
            growHistory();
        }
        playedPoints[index] = point;
        captureMasks[index] = (short) mask;
        ply++;
        toMove = opp;
        hash = h ^ Zobrist.BLACK_TO_MOVE;

        if (makesFive(cell, me)) {
            status = me == 1 ? Status.WHITE_WINS : Status.BLACK_WINS;
            reason = EndReason.FIVE_IN_A_ROW;
        } else if (taken[me] >= captureWin) {
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
        final int mask = captureMasks[ply - basePly] & 0xFFFF;
        final int opp = toMove;
        final int me = 3 - opp;
        final int cell = Board.CELL_OF_POINT[point];
        long h = hash ^ Zobrist.BLACK_TO_MOVE ^ Zobrist.STONE[me][point];
        b[cell] = 0;
        stones[me]--;
        stoneTotal--;
        if (mask != 0) {
            int restored = 0;
            int stonesBack = 0;
            final int[] dirs = Board.DIRECTIONS;
            for (int d = 0; d < 8; d++) {
                boolean pair = (mask & (1 << d)) != 0;
                if (pair || (mask & (1 << (TRIO + d))) != 0) {
                    int c1 = cell + dirs[d];
                    int c2 = c1 + dirs[d];
                    b[c1] = (byte) opp;
                    b[c2] = (byte) opp;
                    h ^= Zobrist.STONE[opp][Board.POINT_OF_CELL[c1]] ^ Zobrist.STONE[opp][Board.POINT_OF_CELL[c2]];
                    if (pair) {
                        stonesBack += 2;
                    } else {
                        int c3 = c2 + dirs[d];
                        b[c3] = (byte) opp;
                        h ^= Zobrist.STONE[opp][Board.POINT_OF_CELL[c3]];
                        stonesBack += 3;
                    }
                    restored++;
                }
            }
            pairs[me] -= restored;
            int after = taken[me];
            int before = after - stonesBack;
            taken[me] = before;
            stones[opp] += stonesBack;
            stoneTotal += stonesBack;
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

    public Variant variant() {
        return variant;
    }

    /** Captures made by a side: pairs, and in Keryo trios too (one each). */
    public int capturedPairs(Color by) {
        return pairs[by.code()];
    }

    /** Stones a side has taken from the other (two per pair, three per trio). */
    public int capturedStones(Color by) {
        return taken[by.code()];
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

    /**
     * The points captured by the move at a 1-based ply, two per pair and three per trio, nearest the played
     * stone first within each capture, in direction order.
     */
    public int[] capturedAt(int ply) {
        int cell = Board.CELL_OF_POINT[pointAt(ply)];
        int mask = captureMasks[ply - basePly - 1] & 0xFFFF;
        int pairMask = mask & 0xFF;
        int trioMask = mask >>> TRIO;
        int[] captured = new int[2 * Integer.bitCount(pairMask) + 3 * Integer.bitCount(trioMask)];
        int i = 0;
        for (int d = 0; d < 8; d++) {
            int length = (pairMask & (1 << d)) != 0 ? 2 : (trioMask & (1 << d)) != 0 ? 3 : 0;
            for (int step = 1; step <= length; step++) {
                captured[i++] = Board.POINT_OF_CELL[cell + step * Board.DIRECTIONS[d]];
            }
        }
        return captured;
    }

    /**
     * Tournament points: one per capture (a pair, or in Keryo a trio), five more for a win by five in a row.
     */
    public int points(Color color) {
        int points = pairs[color.code()];
        if (reason == EndReason.FIVE_IN_A_ROW && status.winner() == color) {
            points += 5;
        }
        return points;
    }
}

package club.pente.core.rules;

/**
 * Geometry of the 19x19 board.
 *
 * <p>Public code names a point by its index {@code row * 19 + col} (row 0 is row "1", at the bottom;
 * col 0 is column "A"). Internally {@link Position} keeps a padded mailbox: each row is 23 cells wide
 * and four border rows lie above and below, so a walk of up to four steps in any of the eight directions
 * from any point lands on a border cell instead of wrapping or leaving the array. That removes every
 * bounds check from the capture and five-in-a-row scans.
 */
public final class Board {
    public static final int SIZE = 19;
    public static final int POINTS = SIZE * SIZE;
    public static final int CENTRE = 9 * SIZE + 9;

    static final int STRIDE = SIZE + 4;
    static final int CELLS = (SIZE + 8) * STRIDE + 8;
    static final byte BORDER = 3;

    /** The eight directions as padded-cell offsets; index d and d^1 are opposite. */
    static final int[] DIRECTIONS = {1, -1, STRIDE, -STRIDE, STRIDE + 1, -STRIDE - 1, STRIDE - 1, -STRIDE + 1};
    /** One offset per line (horizontal, vertical, two diagonals). */
    static final int[] AXES = {1, STRIDE, STRIDE + 1, STRIDE - 1};

    static final int[] CELL_OF_POINT = new int[POINTS];
    static final int[] POINT_OF_CELL = new int[CELLS];

    static {
        java.util.Arrays.fill(POINT_OF_CELL, -1);
        for (int p = 0; p < POINTS; p++) {
            int cell = (p / SIZE + 4) * STRIDE + p % SIZE + 4;
            CELL_OF_POINT[p] = cell;
            POINT_OF_CELL[cell] = p;
        }
    }

    private Board() {
    }

    public static int point(int row, int col) {
        return row * SIZE + col;
    }

    public static int row(int point) {
        return point / SIZE;
    }

    public static int col(int point) {
        return point % SIZE;
    }

    public static boolean onBoard(int row, int col) {
        return row >= 0 && row < SIZE && col >= 0 && col < SIZE;
    }

    /** Chebyshev (king-move) distance between two points. */
    public static int distance(int a, int b) {
        return Math.max(Math.abs(row(a) - row(b)), Math.abs(col(a) - col(b)));
    }
}

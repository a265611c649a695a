package club.pente.ai.engine;

import club.pente.core.rules.Board;

/**
 * Precomputed tables for {@link EngineBoard}: the same padded mailbox layout as pente-core (23 cells a
 * row, four border rows and columns), so capture and neighbourhood walks need no bounds checks, plus
 * the two families of line segments the evaluation is built from:
 * <ul>
 *   <li>windows: every run of five points on a line (a five, four, three ... lives in them);</li>
 *   <li>segments: every run of four points on a line (captures are {@code X O O X} patterns; Keryo's
 *       trio captures {@code X O O O X} use the windows' cells with {@link #WINDOW_WEIGHT}).</li>
 * </ul>
 */
final class Geometry {
    static final int SIZE = Board.SIZE;
    static final int POINTS = Board.POINTS;
    static final int STRIDE = SIZE + 4;
    static final int CELLS = (SIZE + 8) * STRIDE + 8;
    static final byte BORDER = 3;

    /** Eight directions; d and d^1 are opposite. */
    static final int[] DIRS = {1, -1, STRIDE, -STRIDE, STRIDE + 1, -STRIDE - 1, STRIDE - 1, -STRIDE + 1};
    private static final int[][] STEPS = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

    static final int[] CELL_OF_POINT = new int[POINTS];
    static final int[] POINT_OF_CELL = new int[CELLS];
    /** The cells within Chebyshev distance 2 of a cell, itself excluded. */
    static final int[] NEAR = new int[24];

    static final int MAX_WINDOWS_AT = 20;
    static final int WINDOWS;
    static final int[] WINDOW_CELLS;
    /** WINDOWS_AT[cell * 20 + k]: the k-th window holding the cell; WINDOWS_AT_COUNT[cell] of them. */
    static final int[] WINDOWS_AT = new int[CELLS * MAX_WINDOWS_AT];
    static final byte[] WINDOWS_AT_COUNT = new byte[CELLS];
    /** WINDOW_WEIGHT[cell * 20 + k]: the power of 3 of the cell's place in that window (Keryo's trio patterns). */
    static final short[] WINDOW_WEIGHT = new short[CELLS * MAX_WINDOWS_AT];

    static final int MAX_SEGMENTS_AT = 16;
    static final int SEGMENTS;
    static final int[] SEGMENT_CELLS;
    /** SEGMENTS_AT[cell * 16 + k]: a segment holding the cell; SEGMENT_WEIGHT the power of 3 of its place. */
    static final int[] SEGMENTS_AT = new int[CELLS * MAX_SEGMENTS_AT];
    static final short[] SEGMENT_WEIGHT = new short[CELLS * MAX_SEGMENTS_AT];
    static final byte[] SEGMENTS_AT_COUNT = new byte[CELLS];

    static {
        java.util.Arrays.fill(POINT_OF_CELL, -1);
        for (int p = 0; p < POINTS; p++) {
            int cell = (p / SIZE + 4) * STRIDE + p % SIZE + 4;
            CELL_OF_POINT[p] = cell;
            POINT_OF_CELL[cell] = p;
        }
        int n = 0;
        for (int dr = -2; dr <= 2; dr++) {
            for (int dc = -2; dc <= 2; dc++) {
                if (dr != 0 || dc != 0) {
                    NEAR[n++] = dr * STRIDE + dc;
                }
            }
        }
        WINDOW_CELLS = runs(5, true);
        WINDOWS = WINDOW_CELLS.length / 5;
        SEGMENT_CELLS = runs(4, false);
        SEGMENTS = SEGMENT_CELLS.length / 4;
    }

    /** Lists every run of {@code length} points on a line and indexes it by cell. */
    private static int[] runs(int length, boolean windows) {
        int[] cells = new int[POINTS * 4 * length];
        int count = 0;
        for (int p = 0; p < POINTS; p++) {
            int row = p / SIZE;
            int col = p % SIZE;
            for (int[] step : STEPS) {
                int endRow = row + (length - 1) * step[0];
                int endCol = col + (length - 1) * step[1];
                if (!Board.onBoard(endRow, endCol)) {
                    continue;
                }
                for (int i = 0; i < length; i++) {
                    int cell = CELL_OF_POINT[Board.point(row + i * step[0], col + i * step[1])];
                    cells[count * length + i] = cell;
                    if (windows) {
                        int k = cell * MAX_WINDOWS_AT + WINDOWS_AT_COUNT[cell]++;
                        WINDOWS_AT[k] = count;
                        WINDOW_WEIGHT[k] = (short) (i == 0 ? 1 : i == 1 ? 3 : i == 2 ? 9 : i == 3 ? 27 : 81);
                    } else {
                        int k = cell * MAX_SEGMENTS_AT + SEGMENTS_AT_COUNT[cell]++;
                        SEGMENTS_AT[k] = count;
                        SEGMENT_WEIGHT[k] = (short) (i == 0 ? 1 : i == 1 ? 3 : i == 2 ? 9 : 27);
                    }
                }
                count++;
            }
        }
        return java.util.Arrays.copyOf(cells, count * length);
    }

    private Geometry() {
    }
}

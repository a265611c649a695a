package club.pente.ai.engine.book;

import club.pente.core.rules.Board;
import club.pente.core.rules.Position;

/**
 * The eight symmetries of the board around its centre (rotations and reflections), which keep the
 * rules and the opening rule (distance from the centre) unchanged.
 */
final class Symmetry {
    static final int COUNT = 8;
    /** MAP[t][p]: the image of point p under symmetry t; INVERSE[t] undoes t. */
    private static final int[][] MAP = new int[COUNT][Board.POINTS];
    private static final int[] INVERSE = new int[COUNT];

    static {
        int half = Board.SIZE / 2;
        for (int t = 0; t < COUNT; t++) {
            for (int p = 0; p < Board.POINTS; p++) {
                int a = Board.row(p) - half;
                int b = Board.col(p) - half;
                if ((t & 4) != 0) {
                    int x = a;
                    a = b;
                    b = x;
                }
                if ((t & 1) != 0) {
                    a = -a;
                }
                if ((t & 2) != 0) {
                    b = -b;
                }
                MAP[t][p] = Board.point(a + half, b + half);
            }
        }
        for (int t = 0; t < COUNT; t++) {
            for (int u = 0; u < COUNT; u++) {
                boolean undoes = true;
                for (int p = 0; p < Board.POINTS && undoes; p++) {
                    undoes = MAP[u][MAP[t][p]] == p;
                }
                if (undoes) {
                    INVERSE[t] = u;
                }
            }
        }
    }

    private Symmetry() {
    }

    static int apply(int t, int point) {
        return MAP[t][point];
    }

    static int inverse(int t) {
        return INVERSE[t];
    }

    /**
     * The position's key seen through symmetry t: the board's colours after mapping, then captured
     * pairs, side to move and ply (the opening rule depends on it).
     */
    static String key(Position position, int t) {
        char[] cells = new char[Board.POINTS];
        for (int p = 0; p < Board.POINTS; p++) {
            cells[MAP[t][p]] = (char) ('0' + position.codeAt(p));
        }
        return new String(cells) + '|' + position.capturedPairs(club.pente.core.rules.Color.WHITE) + ','
                + position.capturedPairs(club.pente.core.rules.Color.BLACK) + ',' + position.toMove().code() + ','
                + position.ply();
    }

    /** The smallest of the eight keys: the same for a position and all its mirror images. */
    static String canonicalKey(Position position) {
        String best = null;
        for (int t = 0; t < COUNT; t++) {
            String key = key(position, t);
            if (best == null || key.compareTo(best) < 0) {
                best = key;
            }
        }
        return best;
    }
}

package club.pente.ai.engine;

import club.pente.core.notation.Notation;
import club.pente.core.rules.Color;
import club.pente.core.rules.Position;

import java.util.Arrays;

/** Test positions in notation. */
final class Positions {
    private Positions() {
    }

    /** Stones put on the board directly (no captures, no opening rule). */
    static Position setUp(String white, String black, Color toMove) {
        return Position.setUp(points(white), points(black), toMove);
    }

    /** Legal moves played from the start, White first. */
    static Position played(String moves) {
        Position position = new Position();
        for (int point : points(moves)) {
            position.play(point);
        }
        return position;
    }

    static int p(String notation) {
        return Notation.parse(notation);
    }

    static int[] points(String list) {
        return list.isBlank() ? new int[0] : Arrays.stream(list.trim().split("\\s+")).mapToInt(Notation::parse).toArray();
    }

    /**
     * White takes four pairs on rows 2, 4, 6 and 8 (A-D), so that Black is to move with White one
     * capture from winning.
     */
    static final String WHITE_FOUR_PAIRS = "K10 B2 A2 C2 D2 B4 A4 C4 D4 B6 A6 C6 D6 B8 A8 C8 D8";
}

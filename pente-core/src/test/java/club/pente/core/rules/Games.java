package club.pente.core.rules;

import club.pente.core.notation.Notation;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Builds positions for tests by real play. White's and Black's moves are given as two lists and
 * interleaved; {@code _} is a harmless filler stone far from the action (White's on row 1, Black's on
 * row 19, every other column, so fillers never capture, get captured or line up).
 */
final class Games {
    private Games() {
    }

    static Position play(String white, String black) {
        return play(Variant.PENTE, white, black);
    }

    static Position play(Variant variant, String white, String black) {
        Position position = new Position(variant);
        Iterator<String> w = tokens(white).iterator();
        Iterator<String> b = tokens(black).iterator();
        Iterator<Integer> whiteFillers = fillers(0).iterator();
        Iterator<Integer> blackFillers = fillers(18).iterator();
        while (w.hasNext() || b.hasNext()) {
            boolean whiteTurn = position.toMove() == Color.WHITE;
            Iterator<String> moves = whiteTurn ? w : b;
            if (!moves.hasNext()) {
                throw new IllegalArgumentException("move lists do not alternate: " + (whiteTurn ? "white" : "black") + " ran out");
            }
            String move = moves.next();
            int point = move.equals("_") ? (whiteTurn ? whiteFillers : blackFillers).next() : Notation.parse(move);
            position.play(point);
        }
        return position;
    }

    static int p(String notation) {
        return Notation.parse(notation);
    }

    private static List<String> tokens(String moves) {
        return moves.isBlank() ? List.of() : List.of(moves.trim().split("\\s+"));
    }

    private static List<Integer> fillers(int row) {
        List<Integer> points = new ArrayList<>();
        for (int col = 0; col < Board.SIZE; col += 2) {
            points.add(Board.point(row, col));
        }
        for (int col = 0; col < Board.SIZE; col += 2) {
            points.add(Board.point(row == 0 ? 2 : 16, col));
        }
        return points;
    }
}

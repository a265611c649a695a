package club.pente.core.notation;

import club.pente.core.rules.Board;
import club.pente.core.rules.Position;

import java.util.ArrayList;
import java.util.List;

/** Text pictures of a position: compact rows for machines, a labelled diagram for people. */
public final class BoardText {
    private BoardText() {
    }

    /** 19 strings of {@code .}, {@code W}, {@code B}; the first is row 19, columns A..T left to right. */
    public static List<String> rows(Position position) {
        List<String> rows = new ArrayList<>(Board.SIZE);
        for (int row = Board.SIZE - 1; row >= 0; row--) {
            StringBuilder line = new StringBuilder(Board.SIZE);
            for (int col = 0; col < Board.SIZE; col++) {
                line.append(symbol(position.codeAt(Board.point(row, col))));
            }
            rows.add(line.toString());
        }
        return rows;
    }

    /** The board with column letters and row numbers on every side; the last move is bracketed. */
    public static String diagram(Position position) {
        int last = position.hasHistory() ? position.pointAt(position.ply()) : -1;
        StringBuilder out = new StringBuilder();
        String letters = letters();
        out.append(letters).append('\n');
        for (int row = Board.SIZE - 1; row >= 0; row--) {
            String label = String.format("%2d", row + 1);
            out.append(label).append(' ');
            for (int col = 0; col < Board.SIZE; col++) {
                int point = Board.point(row, col);
                char symbol = symbol(position.codeAt(point));
                if (point == last) {
                    out.append('(').append(symbol).append(')');
                } else {
                    out.append(' ').append(symbol).append(' ');
                }
            }
            out.append(' ').append(label.strip()).append('\n');
        }
        out.append(letters).append('\n');
        return out.toString();
    }

    private static String letters() {
        StringBuilder line = new StringBuilder("   ");
        for (int col = 0; col < Board.SIZE; col++) {
            line.append(' ').append(Notation.columnLetter(col)).append(' ');
        }
        return line.toString();
    }

    private static char symbol(int code) {
        return switch (code) {
            case 1 -> 'W';
            case 2 -> 'B';
            default -> '.';
        };
    }
}

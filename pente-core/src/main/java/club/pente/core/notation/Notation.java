package club.pente.core.notation;

import club.pente.core.rules.Board;

/**
 * Points in board notation: a column letter {@code A}-{@code T} without {@code I}, then a row
 * {@code 1}-{@code 19} counted from the bottom. The centre is {@code K10}.
 */
public final class Notation {
    private static final String COLUMNS = "ABCDEFGHJKLMNOPQRST";

    private Notation() {
    }

    public static String format(int point) {
        if (point < 0 || point >= Board.POINTS) {
            throw new IllegalArgumentException("no point has index " + point);
        }
        return COLUMNS.charAt(Board.col(point)) + Integer.toString(Board.row(point) + 1);
    }

    public static char columnLetter(int col) {
        return COLUMNS.charAt(col);
    }

    /** Parses a point, case-insensitively; refuses anything else with a message saying what is wrong. */
    public static int parse(String text) {
        if (text == null || text.isBlank()) {
            throw new NotationException("empty point: expected a column A-T (no I) and a row 1-19, like K10");
        }
        String s = text.strip();
        char letter = Character.toUpperCase(s.charAt(0));
        if (letter == 'I') {
            throw new NotationException("'" + s + "': there is no column I (columns are A-T, skipping I)");
        }
        int col = COLUMNS.indexOf(letter);
        if (col < 0) {
            throw new NotationException("'" + s + "': column '" + s.charAt(0) + "' is not one of A-T (no I)");
        }
        String digits = s.substring(1);
        if (digits.isEmpty()) {
            throw new NotationException("'" + s + "': missing row number 1-19 after the column");
        }
        if (digits.length() > 2 || !digits.chars().allMatch(c -> c >= '0' && c <= '9') || digits.charAt(0) == '0') {
            throw new NotationException("'" + s + "': row '" + digits + "' is not a number from 1 to 19");
        }
        int row = Integer.parseInt(digits);
        if (row > Board.SIZE) {
            throw new NotationException("'" + s + "': row " + row + " is off the board (rows are 1-19)");
        }
        return Board.point(row - 1, col);
    }
}

package club.pente.core.rules;

public enum Status {
    ONGOING, WHITE_WINS, BLACK_WINS, DRAW;

    public boolean isOver() {
        return this != ONGOING;
    }

    public static Status winFor(Color color) {
        return color == Color.WHITE ? WHITE_WINS : BLACK_WINS;
    }

    /** The winner, or null for a draw or a game still going. */
    public Color winner() {
        return switch (this) {
            case WHITE_WINS -> Color.WHITE;
            case BLACK_WINS -> Color.BLACK;
            default -> null;
        };
    }
}

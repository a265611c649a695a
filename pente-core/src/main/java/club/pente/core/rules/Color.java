package club.pente.core.rules;

/** The two sides. White moves first. {@link #code()} is the value stored on the board. */
public enum Color {
    WHITE(1), BLACK(2);

    private final int code;

    Color(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public Color opponent() {
        return this == WHITE ? BLACK : WHITE;
    }

    public static Color ofCode(int code) {
        return switch (code) {
            case 1 -> WHITE;
            case 2 -> BLACK;
            default -> throw new IllegalArgumentException("no colour has code " + code);
        };
    }

    /** Who plays a given 1-based ply. */
    public static Color ofPly(int ply) {
        return (ply & 1) == 1 ? WHITE : BLACK;
    }
}

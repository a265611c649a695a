package club.pente.core.contract;

/** Initial time and increment per move, in seconds; 0 + 0 means untimed. Written {@code 600+5} or {@code -}. */
public record TimeControl(int initialSeconds, int incrementSeconds) {
    public static final TimeControl UNTIMED = new TimeControl(0, 0);

    public TimeControl {
        if (initialSeconds < 0 || incrementSeconds < 0) {
            throw new IllegalArgumentException("time control must not be negative");
        }
        if (initialSeconds == 0 && incrementSeconds != 0) {
            throw new IllegalArgumentException("an untimed game has no increment");
        }
    }

    public boolean untimed() {
        return initialSeconds == 0;
    }

    public String format() {
        return untimed() ? "-" : initialSeconds + "+" + incrementSeconds;
    }

    public static TimeControl parse(String text) {
        if (text == null || text.isBlank() || text.strip().equals("-")) {
            return UNTIMED;
        }
        String[] parts = text.strip().split("\\+");
        try {
            if (parts.length != 2) {
                throw new NumberFormatException();
            }
            return new TimeControl(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("time control '" + text + "' is not seconds+increment like 600+5, or -");
        }
    }
}

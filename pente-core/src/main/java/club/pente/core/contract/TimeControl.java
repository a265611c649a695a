package club.pente.core.contract;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How long players may think. Live: initial time and increment per move, in seconds ({@code 600+5}); 0 + 0 is
 * untimed ({@code -}). Turn-based (correspondence): {@code daysPerMove} days for every move, the clock set back to
 * the full allowance after each move ({@code 3d}); initial and increment are then 0. How long a "day" lasts is the
 * game service's setting (a real day, shortened in tests).
 */
public record TimeControl(int initialSeconds, int incrementSeconds, int daysPerMove) {
    public static final TimeControl UNTIMED = new TimeControl(0, 0, 0);
    /** The longest turn-based allowance the platform accepts; the lobby offers 1, 2, 3, 5 and 7. */
    public static final int MAX_DAYS_PER_MOVE = 30;

    public TimeControl {
        if (initialSeconds < 0 || incrementSeconds < 0 || daysPerMove < 0) {
            throw new IllegalArgumentException("time control must not be negative");
        }
        if (initialSeconds == 0 && incrementSeconds != 0) {
            throw new IllegalArgumentException("an untimed game has no increment");
        }
        if (daysPerMove > MAX_DAYS_PER_MOVE) {
            throw new IllegalArgumentException("at most " + MAX_DAYS_PER_MOVE + " days per move");
        }
        if (daysPerMove > 0 && initialSeconds != 0) {
            throw new IllegalArgumentException("a turn-based game has days per move, not a live clock");
        }
    }

    /** JSON from before turn-based games has no {@code daysPerMove}: a live clock. */
    @JsonCreator
    static TimeControl fromJson(@JsonProperty("initialSeconds") int initialSeconds,
                                @JsonProperty("incrementSeconds") int incrementSeconds,
                                @JsonProperty("daysPerMove") Integer daysPerMove) {
        return new TimeControl(initialSeconds, incrementSeconds, daysPerMove == null ? 0 : daysPerMove);
    }

    /** A live time control (or untimed, 0 + 0). */
    public TimeControl(int initialSeconds, int incrementSeconds) {
        this(initialSeconds, incrementSeconds, 0);
    }

    public static TimeControl daysPerMove(int days) {
        if (days < 1) {
            throw new IllegalArgumentException("a turn-based game has at least one day per move");
        }
        return new TimeControl(0, 0, days);
    }

    /** No clock at all: neither live nor turn-based. */
    public boolean untimed() {
        return initialSeconds == 0 && daysPerMove == 0;
    }

    /** Days per move rather than a live clock. */
    public boolean turnBased() {
        return daysPerMove > 0;
    }

    /** Live and untimed games are {@link Speed#LIVE}; days per move are {@link Speed#TURN_BASED}. */
    public Speed speed() {
        return turnBased() ? Speed.TURN_BASED : Speed.LIVE;
    }

    public String format() {
        if (turnBased()) {
            return daysPerMove + "d";
        }
        return untimed() ? "-" : initialSeconds + "+" + incrementSeconds;
    }

    /** Reads {@code 600+5}, {@code 3d} or {@code -} (null or blank is untimed). */
    public static TimeControl parse(String text) {
        if (text == null || text.isBlank() || text.strip().equals("-")) {
            return UNTIMED;
        }
        String value = text.strip();
        if (value.length() > 16) {
            throw new IllegalArgumentException("time control is too long");
        }
        try {
            if (value.endsWith("d")) {
                return daysPerMove(Integer.parseInt(value.substring(0, value.length() - 1)));
            }
            String[] parts = value.split("\\+");
            if (parts.length != 2) {
                throw new NumberFormatException();
            }
            return new TimeControl(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("time control '" + value + "' is not seconds+increment like 600+5, days like 3d, or -");
        }
    }

    /** Live games (with a clock or untimed) and turn-based games are rated apart. */
    public enum Speed { LIVE, TURN_BASED }
}

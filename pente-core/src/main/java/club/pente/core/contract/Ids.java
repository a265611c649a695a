package club.pente.core.contract;

/**
 * What an identifier or a short text on the streams may be. Every entry (REST, socket, Kafka record)
 * checks with these rules before anything reaches a database: an id is 1 to {@value #MAX_ID} printable
 * ASCII characters (a UUID is one), a player id up to {@value #MAX_PLAYER_ID}, and a text people see has
 * no control characters. A value outside them is refused at the edge with the reason.
 */
public final class Ids {
    public static final int MAX_ID = 64;
    public static final int MAX_PLAYER_ID = 128;
    public static final int MAX_NAME = 128;
    public static final int MAX_REASON = 500;
    public static final int MAX_POINT = 3;

    private Ids() {
    }

    /** A command, game, event, seek or invitation id: 1-64 printable ASCII characters, no spaces. */
    public static boolean isId(String value) {
        return isToken(value, MAX_ID);
    }

    /** A player id: a Keycloak subject, {@code guest:<uuid>} or {@code ai:<level>}. */
    public static boolean isPlayerId(String value) {
        return isToken(value, MAX_PLAYER_ID);
    }

    /** A point as a person writes it, e.g. {@code K10}: checked for shape only, the rules decide the rest. */
    public static boolean isPoint(String value) {
        return isToken(value, MAX_POINT);
    }

    /** A text people see (a name, a reason): not blank, at most {@code max} characters, no control characters. */
    public static boolean isText(String value, int max) {
        if (value == null || value.isBlank() || value.length() > max) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isISOControl(c) || Character.isSurrogate(c) && !validSurrogateAt(value, i)) {
                return false;
            }
        }
        return true;
    }

    public static String requireId(String value, String name) {
        if (!isId(value)) {
            throw new IllegalArgumentException(name + " must be 1 to " + MAX_ID + " printable ASCII characters");
        }
        return value;
    }

    public static String requirePlayerId(String value, String name) {
        if (!isPlayerId(value)) {
            throw new IllegalArgumentException(name + " must be 1 to " + MAX_PLAYER_ID + " printable ASCII characters");
        }
        return value;
    }

    public static String requirePoint(String value, String name) {
        if (!isPoint(value)) {
            throw new IllegalArgumentException(name + " must be a point such as K10");
        }
        return value;
    }

    public static String requireText(String value, int max, String name) {
        if (!isText(value, max)) {
            throw new IllegalArgumentException(name + " must be 1 to " + max + " characters without control characters");
        }
        return value;
    }

    private static boolean isToken(String value, int max) {
        if (value == null || value.isEmpty() || value.length() > max) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c <= ' ' || c > '~') {
                return false;
            }
        }
        return true;
    }

    // A lone surrogate cannot be encoded in UTF-8; PostgreSQL and Kafka's string serialiser would mangle it.
    private static boolean validSurrogateAt(String value, int i) {
        char c = value.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(value.charAt(i - 1));
    }
}

package club.pente.gateway.http;

import java.util.ArrayList;
import java.util.List;

/**
 * What a request path and query may look like before the gateway routes on them. A path is decoded once
 * and must then mean exactly what it says: no matrix parameters ({@code ;}), no dot segments, no encoded
 * separators ({@code %2F}, {@code %5C}), no backslashes, no {@code %} left after decoding, only printable
 * ASCII (no NUL or other control characters, no overlong UTF-8), and at most {@value #MAX_PATH} characters.
 * So the path a service sees is the path the gateway checked; anything else is refused, never repaired.
 */
public final class PathRules {
    public static final int MAX_PATH = 1024;
    public static final int MAX_QUERY = 2048;
    /** Characters RFC 3986 allows unencoded in a path besides {@code /} (minus {@code ;}, refused separately). */
    private static final String PATH_CHARS = "-._~!$&'()*+,=:@";
    private static final String QUERY_CHARS = PATH_CHARS + ";/?";

    /** The outcome: {@code segments} (decoded) when accepted, else the HTTP status and the reason. */
    public record Checked(List<String> segments, int status, String reason) {
        public boolean accepted() {
            return segments != null;
        }

        static Checked refused(int status, String reason) {
            return new Checked(null, status, reason);
        }
    }

    private PathRules() {
    }

    public static Checked checkPath(String raw) {
        if (raw == null || raw.isEmpty() || raw.charAt(0) != '/') {
            return Checked.refused(400, "a path starts with /");
        }
        if (raw.length() > MAX_PATH) {
            return Checked.refused(414, "a path has at most " + MAX_PATH + " characters");
        }
        if (raw.indexOf(';') >= 0) {
            return Checked.refused(400, "matrix parameters (;) are not accepted");
        }
        if (raw.indexOf('\\') >= 0) {
            return Checked.refused(400, "backslashes are not accepted");
        }
        List<String> segments = new ArrayList<>();
        String[] parts = raw.substring(1).split("/", -1);
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i];
            if (part.isEmpty() && i < parts.length - 1) {
                return Checked.refused(400, "empty path segments (//) are not accepted");
            }
            for (int c = 0; c < part.length(); c++) {
                char ch = part.charAt(c);
                if (!(isAlphanumeric(ch) || PATH_CHARS.indexOf(ch) >= 0 || ch == '%')) {
                    return Checked.refused(400, "the path has a character that must be percent-encoded");
                }
            }
            String decoded = decode(part);
            if (decoded == null) {
                return Checked.refused(400, "the path has a malformed or forbidden percent-encoding");
            }
            if (decoded.equals(".") || decoded.equals("..")) {
                return Checked.refused(400, "dot segments are not accepted");
            }
            segments.add(decoded);
        }
        return new Checked(List.copyOf(segments), 200, null);
    }

    /** A query string (without the {@code ?}), or null for none: the same decoding rules, {@code /} and {@code ;} allowed. */
    public static String checkQuery(String raw) {
        if (raw == null) {
            return null;
        }
        if (raw.length() > MAX_QUERY) {
            return "a query string has at most " + MAX_QUERY + " characters";
        }
        for (int c = 0; c < raw.length(); c++) {
            char ch = raw.charAt(c);
            if (!(isAlphanumeric(ch) || QUERY_CHARS.indexOf(ch) >= 0 || ch == '%')) {
                return "the query string has a character that must be percent-encoded";
            }
        }
        for (String pair : raw.split("&", -1)) {
            for (String half : pair.split("=", 2)) {
                String decoded = decodeQuery(half);
                if (decoded == null) {
                    return "the query string has a malformed percent-encoding or a control character";
                }
            }
        }
        return null;
    }

    private static boolean isAlphanumeric(char ch) {
        return ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9';
    }

    /** Decodes a path segment once; null when malformed or when it decodes to something a path may not hold. */
    private static String decode(String part) {
        StringBuilder out = new StringBuilder(part.length());
        for (int i = 0; i < part.length(); i++) {
            char ch = part.charAt(i);
            if (ch == '%') {
                int value = hexPair(part, i);
                if (value < 0) {
                    return null;
                }
                ch = (char) value;
                i += 2;
                // Printable ASCII only: no controls, no bytes of (overlong) UTF-8 sequences; and never a
                // separator or escape that would mean something else on a second decoding.
                if (ch <= ' ' || ch >= 0x7f || ch == '/' || ch == '\\' || ch == '%' || ch == ';') {
                    return null;
                }
            }
            out.append(ch);
        }
        return out.toString();
    }

    /** Decodes a query parameter name or value ({@code +} is a space); null when malformed or when it holds a control character. */
    private static String decodeQuery(String part) {
        StringBuilder out = new StringBuilder(part.length());
        byte[] pending = new byte[part.length()];
        int count = 0;
        for (int i = 0; i < part.length(); i++) {
            char ch = part.charAt(i);
            if (ch == '%') {
                int value = hexPair(part, i);
                if (value < 0) {
                    return null;
                }
                pending[count++] = (byte) value;
                i += 2;
                continue;
            }
            if (count > 0) {
                String text = utf8(pending, count);
                if (text == null) {
                    return null;
                }
                out.append(text);
                count = 0;
            }
            out.append(ch == '+' ? ' ' : ch);
        }
        if (count > 0) {
            String text = utf8(pending, count);
            if (text == null) {
                return null;
            }
            out.append(text);
        }
        for (int i = 0; i < out.length(); i++) {
            if (Character.isISOControl(out.charAt(i))) {
                return null;
            }
        }
        return out.toString();
    }

    private static String utf8(byte[] bytes, int count) {
        try {
            return java.nio.charset.StandardCharsets.UTF_8.newDecoder()
                    .decode(java.nio.ByteBuffer.wrap(bytes, 0, count)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            return null;
        }
    }

    private static int hexPair(String text, int percent) {
        if (percent + 2 >= text.length()) {
            return -1;
        }
        int high = Character.digit(text.charAt(percent + 1), 16);
        int low = Character.digit(text.charAt(percent + 2), 16);
        return high < 0 || low < 0 ? -1 : high * 16 + low;
    }
}

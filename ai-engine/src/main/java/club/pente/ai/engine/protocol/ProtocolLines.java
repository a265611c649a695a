package club.pente.ai.engine.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads one protocol line (docs/engine-protocol.md) from a byte stream: printable ASCII, at most
 * {@link #MAX_LENGTH} characters, ended by LF (a CR before it is dropped). It never buffers more than
 * the limit, so a peer that writes an endless line or binary garbage costs no memory; such a line is
 * consumed up to its LF and reported as {@link Line#problem()}.
 */
public final class ProtocolLines {
    /** Longest line either side may send, without its line end (a position of 1,000 moves fits). */
    public static final int MAX_LENGTH = 8192;

    /** A line read: its text, or why it was refused (then text is null). */
    public record Line(String text, String problem) {
        public boolean ok() {
            return problem == null;
        }
    }

    private ProtocolLines() {
    }

    /**
     * The next line, or null at the end of the stream (a last line without LF still counts). A line
     * over the limit is reported as soon as the limit is passed when {@code skipLongLines} is false
     * (a client facing a flooding engine), else after reading on to its LF (a server staying in step).
     */
    public static Line read(InputStream in, boolean skipLongLines) throws IOException {
        byte[] buffer = new byte[MAX_LENGTH + 1];
        int length = 0;
        boolean tooLong = false;
        int badByte = -1;
        while (true) {
            int b = in.read();
            if (b < 0) {
                if (length == 0 && !tooLong && badByte < 0) {
                    return null;
                }
                break;
            }
            if (b == '\n') {
                break;
            }
            if (tooLong) {
                continue;
            }
            if (length == MAX_LENGTH) {
                tooLong = true;
                if (!skipLongLines) {
                    break;
                }
                continue;
            }
            if ((b < 0x20 || b > 0x7e) && b != '\r' && badByte < 0) {
                badByte = b;
            }
            buffer[length++] = (byte) b;
        }
        if (tooLong) {
            return new Line(null, "line longer than " + MAX_LENGTH + " characters");
        }
        if (length > 0 && buffer[length - 1] == '\r') {
            length--;
        }
        for (int i = 0; i < length; i++) {
            if (buffer[i] == '\r' && badByte < 0) {
                badByte = '\r';
            }
        }
        if (badByte >= 0) {
            return new Line(null, String.format("byte 0x%02x is not printable ASCII", badByte));
        }
        return new Line(new String(buffer, 0, length, StandardCharsets.US_ASCII), null);
    }

    /** Text made safe to echo in a protocol line: non-printable characters become '?', cut to {@code max}. */
    public static String printable(String text, int max) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), max));
        for (int i = 0; i < text.length() && out.length() < max; i++) {
            char c = text.charAt(i);
            out.append(c >= 0x20 && c <= 0x7e ? c : '?');
        }
        return out.toString();
    }
}

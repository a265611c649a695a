package club.pente.core.notation;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain move list: points in notation separated by spaces, commas or newlines; {@code #} starts a
 * comment that runs to the end of the line. Tokens are returned unparsed so that a caller can report
 * which move (1-based) is wrong.
 */
public final class MoveList {
    private MoveList() {
    }

    public static List<String> tokens(String text) {
        List<String> tokens = new ArrayList<>();
        for (String line : text.split("\\R", -1)) {
            int hash = line.indexOf('#');
            String content = hash >= 0 ? line.substring(0, hash) : line;
            for (String token : content.split("[\\s,]+")) {
                if (!token.isEmpty()) {
                    tokens.add(token);
                }
            }
        }
        return tokens;
    }
}

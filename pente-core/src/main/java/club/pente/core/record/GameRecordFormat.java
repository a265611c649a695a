package club.pente.core.record;

import club.pente.core.notation.Notation;
import club.pente.core.notation.NotationException;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.core.rules.Variant;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The plain-text game record, in the spirit of PGN:
 *
 * <pre>
 * [Event "Casual game"]
 * [White "alice"]
 * [Black "ai:5"]
 * [Date "2026-11-30"]
 * [Result "WHITE_WINS"]
 * [Reason "FIVE_IN_A_ROW"]
 * [TimeControl "600+5"]
 * [Variant "pente"]
 *
 * 1. K10 L11 2. N10 L10
 * 3. ...
 * </pre>
 *
 * Move numbers count pairs of plies (white then black); the reader ignores them and {@code #} comments.
 * {@code Variant} is the variant's id ({@code pente}, {@code keryo}, {@code gomoku}; read in any case); a record
 * without it (written before variants) is Pente. Unknown headers are kept out of the record, not refused.
 */
public final class GameRecordFormat {
    private static final int PAIRS_PER_LINE = 8;

    private GameRecordFormat() {
    }

    public static String write(GameRecord record) {
        StringBuilder out = new StringBuilder();
        header(out, "Event", record.event());
        header(out, "White", record.white());
        header(out, "Black", record.black());
        header(out, "Date", record.date() == null ? null : record.date().toString());
        header(out, "Result", record.result().name());
        header(out, "Reason", record.reason() == null ? null : record.reason().name());
        header(out, "TimeControl", record.timeControl());
        header(out, "Variant", record.variant().id());
        out.append('\n');
        List<String> moves = record.moves();
        for (int i = 0; i < moves.size(); i++) {
            if (i % 2 == 0) {
                if (i > 0) {
                    out.append(i % (2 * PAIRS_PER_LINE) == 0 ? '\n' : ' ');
                }
                out.append(i / 2 + 1).append(". ");
            } else {
                out.append(' ');
            }
            out.append(moves.get(i));
        }
        if (!moves.isEmpty()) {
            out.append('\n');
        }
        return out.toString();
    }

    private static void header(StringBuilder out, String name, String value) {
        if (value == null) {
            return;
        }
        String escaped = value.replace("\\", "\\\\").replace("\"", "\\\"");
        out.append('[').append(name).append(" \"").append(escaped).append("\"]\n");
    }

    public static GameRecord read(String text) {
        Map<String, String> headers = new LinkedHashMap<>();
        List<String> moves = new ArrayList<>();
        String[] lines = text.split("\\R");
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n].strip();
            int comment = line.indexOf('#');
            if (line.startsWith("[")) {
                parseHeader(line, n + 1, headers);
                continue;
            }
            if (comment >= 0) {
                line = line.substring(0, comment);
            }
            for (String token : line.split("\\s+")) {
                if (token.isEmpty() || token.matches("\\d+\\.")) {
                    continue;
                }
                try {
                    moves.add(Notation.format(Notation.parse(token)));
                } catch (NotationException e) {
                    throw new RecordFormatException("line " + (n + 1) + ": " + e.getMessage());
                }
            }
        }
        String white = required(headers, "White");
        String black = required(headers, "Black");
        Status result = enumHeader(Status.class, headers, "Result", Status.ONGOING);
        EndReason reason = enumHeader(EndReason.class, headers, "Reason", null);
        LocalDate date = null;
        if (headers.containsKey("Date")) {
            try {
                date = LocalDate.parse(headers.get("Date"));
            } catch (DateTimeParseException e) {
                throw new RecordFormatException("Date '" + headers.get("Date") + "' is not YYYY-MM-DD");
            }
        }
        Variant variant;
        try {
            variant = Variant.parse(headers.get("Variant"));
        } catch (IllegalArgumentException e) {
            throw new RecordFormatException("Variant '" + headers.get("Variant") + "' is not one of pente, keryo, gomoku");
        }
        return new GameRecord(headers.get("Event"), white, black, date, result, reason, headers.get("TimeControl"), moves,
                variant);
    }

    private static void parseHeader(String line, int lineNumber, Map<String, String> headers) {
        int space = line.indexOf(' ');
        if (!line.endsWith("\"]") || space < 0 || line.charAt(space + 1) != '"' || space + 1 >= line.length() - 2) {
            throw new RecordFormatException("line " + lineNumber + ": a header looks like [Name \"value\"]");
        }
        String name = line.substring(1, space);
        String value = line.substring(space + 2, line.length() - 2).replace("\\\"", "\"").replace("\\\\", "\\");
        headers.put(name, value);
    }

    private static String required(Map<String, String> headers, String name) {
        String value = headers.get(name);
        if (value == null) {
            throw new RecordFormatException("missing header [" + name + " \"...\"]");
        }
        return value;
    }

    private static <E extends Enum<E>> E enumHeader(Class<E> type, Map<String, String> headers, String name, E fallback) {
        String value = headers.get(name);
        if (value == null) {
            return fallback;
        }
        try {
            return Enum.valueOf(type, value);
        } catch (IllegalArgumentException e) {
            throw new RecordFormatException(name + " '" + value + "' is not one of " + java.util.Arrays.toString(type.getEnumConstants()));
        }
    }
}

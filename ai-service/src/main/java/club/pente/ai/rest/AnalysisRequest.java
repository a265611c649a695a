package club.pente.ai.rest;

import club.pente.ai.application.ComputerLevel;
import club.pente.core.contract.Ids;
import club.pente.core.notation.MoveList;
import club.pente.core.rules.Variant;
import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * The body of {@code POST /api/ai/analysis}, checked field by field before anything is searched:
 * {@code moves} (a move list like {@code "K10 L11, N10"} or a JSON array of points, at most
 * {@value #MAX_MOVES} moves), {@code level} (1 to {@value #MAX_LEVEL}, default {@value #MAX_LEVEL}) and {@code timeMs}
 * (1 to {@value #MAX_TIME_MS}; the server caps what it actually thinks) and {@code variant} ({@code pente},
 * {@code keryo}, {@code gomoku} in any case; default Pente). Any other field is refused.
 */
public record AnalysisRequest(List<String> moves, int level, Duration time, Variant variant) {
    static final int MAX_TIME_MS = 10_000;
    /**
     * The highest level for analyses, reviews and hints: level 9 searches on all cores, which the analysis pool's
     * bound (its few threads) would no longer bound; 8 is the full single-thread strength.
     */
    static final int MAX_LEVEL = 8;
    /** More than a board's worth of stones, captures included; no real game is longer. */
    static final int MAX_MOVES = 500;
    static final int MAX_MOVES_TEXT = MAX_MOVES * 5;
    private static final Set<String> FIELDS = Set.of("moves", "level", "timeMs", "variant");

    public AnalysisRequest {
        variant = Variant.orDefault(variant);
    }

    /** A Pente request. */
    public AnalysisRequest(List<String> moves, int level, Duration time) {
        this(moves, level, time, Variant.PENTE);
    }

    /** A refusal of the request with a code and the reason. */
    public static final class Invalid extends RuntimeException {
        private final String error;

        Invalid(String error, String message) {
            super(message, null, false, false);
            this.error = error;
        }

        public String error() {
            return error;
        }
    }

    public static AnalysisRequest parse(JsonNode body) {
        if (body == null || body.isNull() || body.isMissingNode()) {
            throw new Invalid("MISSING_MOVES", "the body must be JSON like {\"moves\": \"K10 L11\", \"level\": 8}");
        }
        if (!body.isObject()) {
            throw new Invalid("BAD_REQUEST", "the body must be a JSON object like {\"moves\": \"K10 L11\", \"level\": 8}");
        }
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw new Invalid("UNKNOWN_FIELD", "unknown field " + printable(name) + ": the fields are moves, level, timeMs and variant");
            }
        }
        List<String> moves = moves(body.get("moves"));
        int level = level(body.get("level"));
        JsonNode timeMs = body.get("timeMs");
        Duration time = timeMs == null || timeMs.isNull() ? null : Duration.ofMillis(whole(timeMs, 0, 1, MAX_TIME_MS, "BAD_TIME",
                "timeMs must be a whole number from 1 to " + MAX_TIME_MS));
        return new AnalysisRequest(moves, level, time, variant(body.get("variant")));
    }

    /** An optional variant: a string naming one (any case, at most 16 characters); absent or null is Pente. */
    static Variant variant(JsonNode node) {
        if (node == null || node.isNull()) {
            return Variant.PENTE;
        }
        if (!node.isTextual() || node.textValue().isBlank()) {
            throw new Invalid("BAD_VARIANT", "variant must be one of pente, keryo, gomoku");
        }
        try {
            return Variant.parse(node.textValue());
        } catch (IllegalArgumentException e) {
            throw new Invalid("BAD_VARIANT", "unknown variant " + printable(node.textValue()) + ": pente, keryo or gomoku");
        }
    }

    static int level(JsonNode node) {
        return whole(node, MAX_LEVEL, ComputerLevel.MIN, MAX_LEVEL, "BAD_LEVEL",
                "level must be a whole number from " + ComputerLevel.MIN + " to " + MAX_LEVEL);
    }

    static List<String> moves(JsonNode node) {
        if (node == null || node.isNull()) {
            throw new Invalid("MISSING_MOVES", "moves is required: a move list like \"K10 L11\" or an array of points");
        }
        List<String> tokens;
        if (node.isTextual()) {
            if (node.textValue().length() > MAX_MOVES_TEXT) {
                throw new Invalid("TOO_MANY_MOVES", "moves may be at most " + MAX_MOVES_TEXT + " characters");
            }
            tokens = MoveList.tokens(node.textValue());
        } else if (node.isArray()) {
            if (node.size() > MAX_MOVES) {
                throw new Invalid("TOO_MANY_MOVES", "at most " + MAX_MOVES + " moves");
            }
            tokens = new ArrayList<>(node.size());
            for (JsonNode point : node) {
                if (!point.isTextual()) {
                    throw new Invalid("BAD_MOVES", "move " + (tokens.size() + 1) + " is not a point such as K10");
                }
                tokens.add(point.textValue());
            }
        } else {
            throw new Invalid("BAD_MOVES", "moves must be a move list string or an array of points");
        }
        if (tokens.size() > MAX_MOVES) {
            throw new Invalid("TOO_MANY_MOVES", "at most " + MAX_MOVES + " moves");
        }
        for (int i = 0; i < tokens.size(); i++) {
            if (!Ids.isPoint(tokens.get(i))) {
                throw new Invalid("BAD_MOVES", "move " + (i + 1) + " is not a point such as K10");
            }
        }
        return List.copyOf(tokens);
    }

    private static int whole(JsonNode node, int fallback, int min, int max, String error, String message) {
        if (node == null || node.isNull()) {
            return fallback;
        }
        if (!node.isIntegralNumber() || !node.canConvertToInt() || node.intValue() < min || node.intValue() > max) {
            throw new Invalid(error, message);
        }
        return node.intValue();
    }

    /** A field name as safe text for an error message: at most 40 characters, printable ASCII only. */
    static String printable(String name) {
        StringBuilder out = new StringBuilder("'");
        for (int i = 0; i < name.length() && i < 40; i++) {
            char c = name.charAt(i);
            out.append(c >= ' ' && c <= '~' ? c : '?');
        }
        return out.append(name.length() > 40 ? "...'" : "'").toString();
    }
}

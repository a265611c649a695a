package club.pente.ai.rest;

import club.pente.core.rules.Variant;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * The body of {@code POST /api/ai/review}: {@code moves} (as for an analysis: a move list or an array of points,
 * at least one, at most {@value AnalysisRequest#MAX_MOVES}) and {@code level} ({@value #MIN_LEVEL} to
 * {@value AnalysisRequest#MAX_LEVEL}, default {@value AnalysisRequest#MAX_LEVEL}: lower levels play noisy moves
 * and cannot judge anyone), {@code variant} (the rules the moves were played under: {@code pente}, {@code keryo},
 * {@code gomoku} in any case; default Pente). The time is the server's: no field asks for more. Any other field is
 * refused.
 */
public record ReviewRequest(List<String> moves, int level, Variant variant) {
    static final int MIN_LEVEL = 5;
    private static final Set<String> FIELDS = Set.of("moves", "level", "variant");

    public ReviewRequest {
        variant = Variant.orDefault(variant);
    }

    /** A review of a Pente game. */
    public ReviewRequest(List<String> moves, int level) {
        this(moves, level, Variant.PENTE);
    }

    public static ReviewRequest parse(JsonNode body) {
        if (body == null || body.isNull() || body.isMissingNode()) {
            throw new AnalysisRequest.Invalid("MISSING_MOVES", "the body must be JSON like {\"moves\": \"K10 L11\", \"level\": 8}");
        }
        if (!body.isObject()) {
            throw new AnalysisRequest.Invalid("BAD_REQUEST", "the body must be a JSON object like {\"moves\": \"K10 L11\", \"level\": 8}");
        }
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw new AnalysisRequest.Invalid("UNKNOWN_FIELD", "unknown field " + AnalysisRequest.printable(name)
                        + ": the fields are moves, level and variant");
            }
        }
        List<String> moves = AnalysisRequest.moves(body.get("moves"));
        if (moves.isEmpty()) {
            throw new AnalysisRequest.Invalid("MISSING_MOVES", "a review needs at least one move");
        }
        JsonNode node = body.get("level");
        int level = AnalysisRequest.MAX_LEVEL;
        if (node != null && !node.isNull()) {
            if (!node.isIntegralNumber() || !node.canConvertToInt() || node.intValue() < MIN_LEVEL || node.intValue() > AnalysisRequest.MAX_LEVEL) {
                throw new AnalysisRequest.Invalid("BAD_LEVEL", "a review's level must be a whole number from " + MIN_LEVEL + " to " + AnalysisRequest.MAX_LEVEL);
            }
            level = node.intValue();
        }
        return new ReviewRequest(moves, level, AnalysisRequest.variant(body.get("variant")));
    }
}

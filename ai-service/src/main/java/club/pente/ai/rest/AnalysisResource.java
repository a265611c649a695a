package club.pente.ai.rest;

import club.pente.ai.application.Analysis;
import club.pente.ai.application.ComputerLevel;
import club.pente.ai.application.MoveChooser;
import club.pente.core.notation.MoveList;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;

import java.time.Duration;
import java.util.List;

/** Hints and post-game review: the engine's view of any position given as a move list. */
@Path("/api/ai/analysis")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AnalysisResource {
    static final int MAX_TIME_MS = 10_000;

    /** {@code moves} is a move list like {@code "K10 L11, N10"} (or a JSON array of points). */
    public record AnalysisRequest(Object moves, Integer level, Integer timeMs) {
    }

    public record Error(String error, String message) {
    }

    private final MoveChooser chooser;

    public AnalysisResource(MoveChooser chooser) {
        this.chooser = chooser;
    }

    @POST
    @Operation(summary = "Best move, score and principal variation for a position given as a move list")
    public Response analyse(AnalysisRequest request) {
        if (request == null || request.moves() == null) {
            return bad("MISSING_MOVES", "the body must be JSON like {\"moves\": \"K10 L11\", \"level\": 8}");
        }
        int level = request.level() == null ? ComputerLevel.MAX : request.level();
        if (level < ComputerLevel.MIN || level > ComputerLevel.MAX) {
            return bad("BAD_LEVEL", "level must be from " + ComputerLevel.MIN + " to " + ComputerLevel.MAX);
        }
        if (request.timeMs() != null && (request.timeMs() < 1 || request.timeMs() > MAX_TIME_MS)) {
            return bad("BAD_TIME", "timeMs must be from 1 to " + MAX_TIME_MS);
        }
        List<String> moves;
        if (request.moves() instanceof String text) {
            moves = MoveList.tokens(text);
        } else if (request.moves() instanceof List<?> list && list.stream().allMatch(String.class::isInstance)) {
            moves = list.stream().map(String.class::cast).toList();
        } else {
            return bad("BAD_MOVES", "moves must be a move list string or an array of points");
        }
        Duration budget = request.timeMs() == null ? null : Duration.ofMillis(request.timeMs());
        try {
            Analysis analysis = chooser.choose(moves, level, budget, moves.size());
            return Response.ok(analysis).build();
        } catch (IllegalArgumentException e) {
            return bad("ILLEGAL_POSITION", e.getMessage());
        }
    }

    private static Response bad(String error, String message) {
        return Response.status(Response.Status.BAD_REQUEST).entity(new Error(error, message)).build();
    }
}

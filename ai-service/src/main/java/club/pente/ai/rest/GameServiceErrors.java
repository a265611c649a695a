package club.pente.ai.rest;

import club.pente.ai.application.AnalysisPool;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.WebApplicationException;

import java.util.Set;

/**
 * The game service's answers to a hint call, as this service gives them on: its refusals of the caller (not a
 * player, not allowed, not their turn, none left, no such game) with their status and code; anything else
 * (down, slow, a 5xx) as 503 GAME_SERVICE_UNAVAILABLE. That one may or may not have counted the hint there (a slow
 * answer can still commit after the timeout), but the count is per ply: the caller's retry at the same ply is free.
 */
final class GameServiceErrors {
    private static final Set<Integer> PASSED_ON = Set.of(400, 401, 403, 404, 409, 429);

    private GameServiceErrors() {
    }

    static AnalysisPool.Refused refusal(Throwable failure) {
        if (failure instanceof WebApplicationException web && web.getResponse() != null
                && PASSED_ON.contains(web.getResponse().getStatus())) {
            int status = web.getResponse().getStatus();
            String error = "GAME_SERVICE_REFUSED";
            String message = "the game service refused the call (" + status + ")";
            try {
                JsonNode body = web.getResponse().readEntity(JsonNode.class);
                if (body != null && body.path("error").isTextual()) {
                    error = AnalysisRequest.printable(body.path("error").textValue()).replace("'", "");
                    message = body.path("message").asText(message);
                }
            } catch (RuntimeException unreadable) {
                // The status alone says enough.
            }
            return AnalysisPool.Refused.of(status, error, message);
        }
        return AnalysisPool.Refused.of(503, "GAME_SERVICE_UNAVAILABLE", "the game service did not answer: try again shortly");
    }
}

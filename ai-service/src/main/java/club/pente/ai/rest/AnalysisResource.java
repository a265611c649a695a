package club.pente.ai.rest;

import club.pente.kit.rest.ApiError;
import club.pente.ai.application.AnalysisPool;
import club.pente.ai.application.MoveChooser;
import club.pente.core.contract.Ids;
import club.pente.core.rules.Position;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.annotation.security.RolesAllowed;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * Hints and post-game review: the engine's view of any position given as a move list. Only for a
 * signed-in player or a guest (the verified token's subject is who the quotas count), searched on the
 * analysis pool, never on a request thread.
 */
@Path("/api/ai/analysis")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AnalysisResource {
    /** Keycloak accounts have this realm role, platform guests the other (pente-identity allows them no more). */
    static final String PLAYER_ROLE = "player";
    static final String GUEST_ROLE = "guest";

    private final AnalysisPool pool;
    private final JsonWebToken token;

    public AnalysisResource(AnalysisPool pool, JsonWebToken token) {
        this.pool = pool;
        this.token = token;
    }

    @POST
    @RolesAllowed({AnalysisResource.PLAYER_ROLE, AnalysisResource.GUEST_ROLE})
    @Operation(summary = "Best move, score and principal variation for a position given as a move list")
    @APIResponse(responseCode = "400", description = "a bad field, an unknown field or an illegal move list")
    @APIResponse(responseCode = "401", description = "no valid access token or guest token")
    @APIResponse(responseCode = "403", description = "a token that is neither a player's nor a guest's (a service account)")
    @APIResponse(responseCode = "429", description = "over the caller's quota (one at a time, so many per minute); see Retry-After")
    @APIResponse(responseCode = "503", description = "every analysis slot is taken; see Retry-After")
    public Uni<Response> analyse(JsonNode body) {
        String caller = token.getSubject();
        if (!Ids.isPlayerId(caller)) {
            return Uni.createFrom().item(ApiError.challenge("the token names no usable subject"));
        }
        AnalysisRequest request;
        Position position;
        try {
            request = AnalysisRequest.parse(body);
        } catch (AnalysisRequest.Invalid e) {
            return Uni.createFrom().item(ApiError.response(400, e.error(), e.getMessage()));
        }
        try {
            position = MoveChooser.position(request.variant(), request.moves());
        } catch (IllegalArgumentException e) {
            return Uni.createFrom().item(ApiError.response(400, "ILLEGAL_POSITION", e.getMessage()));
        }
        return pool.submit(caller, position, request.level(), request.time())
                .map(analysis -> Response.ok(analysis).build())
                .onFailure(AnalysisPool.Refused.class).recoverWithItem(failure -> response((AnalysisPool.Refused) failure));
    }

    /** A refusal as the API's error, with Retry-After when trying again later can succeed. */
    static Response response(AnalysisPool.Refused refused) {
        Response error = ApiError.response(refused.status(), refused.error(), refused.getMessage());
        return refused.retryAfterSeconds() > 0
                ? Response.fromResponse(error).header(HttpHeaders.RETRY_AFTER, refused.retryAfterSeconds()).build()
                : error;
    }
}

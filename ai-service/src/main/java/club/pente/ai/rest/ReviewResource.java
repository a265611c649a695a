package club.pente.ai.rest;

import club.pente.ai.application.AiSettings;
import club.pente.ai.application.AnalysisPool;
import club.pente.ai.engine.EngineConfig;
import club.pente.ai.engine.review.GameReviewer;
import club.pente.ai.engine.review.ReviewOptions;
import club.pente.core.contract.Ids;
import club.pente.core.notation.Notation;
import club.pente.core.notation.Replay;
import club.pente.kit.rest.ApiError;
import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;

/**
 * The post-game review of a move list (club.pente.ai.engine.review), answered as {@code GameReview.toJson()}.
 * It runs on the analysis pool under the caller's quotas like an analysis. Every ply gets the level's own time,
 * but no more than three quarters of {@code pente.ai.review.max-total} spread over the game's positions, so a whole
 * review stays within max-total; past it the reviewer stops (deadline, checked between searches) and the pool's
 * watchdog interrupts it after max-total + max-think.
 */
@Path("/api/ai/review")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ReviewResource {
    private final AnalysisPool pool;
    private final JsonWebToken token;
    private final Duration maxTotal;

    public ReviewResource(AnalysisPool pool, JsonWebToken token, AiSettings settings) {
        this.pool = pool;
        this.token = token;
        this.maxTotal = settings.review().maxTotal();
        if (maxTotal.isNegative() || maxTotal.isZero()) {
            throw new IllegalArgumentException("pente.ai.review.max-total must be positive");
        }
    }

    @POST
    @RolesAllowed({AnalysisResource.PLAYER_ROLE, AnalysisResource.GUEST_ROLE})
    @Operation(summary = "Review a game given as a move list: every move's evaluation, class (best ... blunder), the best move and "
            + "line before it, the first forced win; at most pente.ai.review.max-total of search in all")
    @APIResponse(responseCode = "400", description = "a bad field (BAD_VARIANT among them), an unknown field, no moves or a move list "
            + "illegal under the variant's rules")
    @APIResponse(responseCode = "401", description = "no valid access token or guest token")
    @APIResponse(responseCode = "403", description = "a token that is neither a player's nor a guest's (a service account)")
    @APIResponse(responseCode = "429", description = "over the caller's quota (one at a time, so many per minute); see Retry-After")
    @APIResponse(responseCode = "503", description = "every analysis slot is taken, or the review ran out of time; see Retry-After")
    public Uni<Response> review(JsonNode body) {
        String caller = token.getSubject();
        if (!Ids.isPlayerId(caller)) {
            return Uni.createFrom().item(ApiError.challenge("the token names no usable subject"));
        }
        ReviewRequest request;
        try {
            request = ReviewRequest.parse(body);
        } catch (AnalysisRequest.Invalid e) {
            return Uni.createFrom().item(ApiError.response(400, e.error(), e.getMessage()));
        }
        Replay.Outcome replay = Replay.of(request.variant(), request.moves());
        if (replay.failed()) {
            return Uni.createFrom().item(ApiError.response(400, "ILLEGAL_POSITION", "move " + replay.badPly() + ": " + replay.error()));
        }
        List<Integer> points = request.moves().stream().map(Notation::parse).toList();
        long perPly = millisPerPly(request.level(), points.size());
        return pool.run(caller, maxTotal.plus(pool.maxThink()), () -> {
                    long deadline = System.nanoTime() + maxTotal.toNanos();
                    // The pool's small table (pente.ai.analysis.table-bits), not the level's 2^20 entries per request.
                    return new GameReviewer(ReviewOptions.millis(request.level(), perPly), 0, pool.tableBits())
                            .review(request.variant(), points, deadline).toJson();
                })
                .map(json -> Response.ok(json, MediaType.APPLICATION_JSON).build())
                .onFailure(AnalysisPool.Refused.class).recoverWithItem(failure -> AnalysisResource.response((AnalysisPool.Refused) failure))
                .onFailure(CancellationException.class).recoverWithItem(failure -> ApiError.response(503, "ANALYSIS_TIMEOUT",
                        "the review did not finish within " + maxTotal.toSeconds() + " s"))
                .onFailure(IllegalArgumentException.class).recoverWithItem(failure -> ApiError.response(400, "ILLEGAL_POSITION",
                        failure.getMessage()));
    }

    /**
     * The level's own time per ply, but a review of n plies (n + 1 positions' worth of search) is planned to take
     * three quarters of max-total: the rest is headroom for what the budgets do not count (replays, a busy machine)
     * before the deadline at max-total.
     */
    long millisPerPly(int level, int plies) {
        long share = Math.max(1, maxTotal.toMillis() * 3 / 4 / (plies + 1));
        return Math.min(EngineConfig.level(level).millis(), share);
    }
}

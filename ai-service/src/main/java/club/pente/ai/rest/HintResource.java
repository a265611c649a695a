package club.pente.ai.rest;

import club.pente.ai.application.AiSettings;
import club.pente.ai.application.Analysis;
import club.pente.ai.application.AnalysisPool;
import club.pente.ai.application.MoveChooser;
import club.pente.ai.gameclient.GameHintsClient;
import club.pente.ai.gameclient.GameServiceClient;
import club.pente.ai.gameclient.HintReservation;
import club.pente.ai.gameclient.HintStatus;
import club.pente.core.contract.Ids;
import club.pente.core.rules.Variant;
import club.pente.kit.rest.ApiError;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.rest.client.inject.RestClient;

import java.time.Duration;
import java.util.List;

/**
 * A hint in a casual game against the computer. The game service decides and counts (with the caller's own
 * token, forwarded: it checks the caller plays the game, on their turn, with hints left), then the engine
 * searches the game's position on the analysis pool, under the caller's quotas. The reservation is made on the
 * pool's thread once the caller's quota and a slot are granted, so a call refused here counts no hint there. The
 * game service counts one hint per ply: whatever fails after the reservation (a timeout, the search, a lost
 * answer), the caller asks again at the same ply without paying twice. The position is the game's variant's: from
 * the reservation, or (a game service that does not say it there) from the game's public view.
 */
@Path("/api/ai/hints/{gameId}")
@Produces(MediaType.APPLICATION_JSON)
public class HintResource {
    /** Time for the game service to check and count, on the analyst's thread (its client's read timeout is 5 s). */
    static final Duration RESERVE_TIMEOUT = Duration.ofSeconds(6);

    /** The hint: the best move for the caller and the line after it, the score from the caller's side, and what is left. */
    public record Hint(String gameId, int ply, String move, List<String> line, int score, int depth, int hintsUsed,
                       int hintsLeft, int hintsPerGame) {
    }

    private final AnalysisPool pool;
    private final MoveChooser chooser;
    private final GameHintsClient games;
    private final GameServiceClient views;
    private final JsonWebToken token;
    private final int level;

    public HintResource(AnalysisPool pool, MoveChooser chooser, @RestClient GameHintsClient games,
                        @RestClient GameServiceClient views, JsonWebToken token, AiSettings settings) {
        this.pool = pool;
        this.chooser = chooser;
        this.games = games;
        this.views = views;
        this.token = token;
        this.level = settings.hints().level();
        if (level < 1 || level > AnalysisRequest.MAX_LEVEL) {
            throw new IllegalArgumentException("pente.ai.hints.level must be 1 to " + AnalysisRequest.MAX_LEVEL);
        }
    }

    @GET
    @RolesAllowed({AnalysisResource.PLAYER_ROLE, AnalysisResource.GUEST_ROLE})
    @Operation(summary = "The caller's hints in a game: {allowed, reason (why not), hintsUsed, hintsLeft, hintsPerGame}")
    @APIResponse(responseCode = "400", description = "a bad game id")
    @APIResponse(responseCode = "401", description = "no valid access token or guest token")
    @APIResponse(responseCode = "403", description = "a token that is neither a player's nor a guest's")
    @APIResponse(responseCode = "404", description = "no such game")
    @APIResponse(responseCode = "503", description = "the game service did not answer")
    public Uni<Response> status(@PathParam("gameId") String gameId) {
        Response refused = check(gameId);
        if (refused != null) {
            return Uni.createFrom().item(refused);
        }
        return games.status(gameId, bearer())
                .map(status -> Response.ok(status).build())
                .onFailure().recoverWithItem(failure -> AnalysisResource.response(GameServiceErrors.refusal(failure)));
    }

    @POST
    @RolesAllowed({AnalysisResource.PLAYER_ROLE, AnalysisResource.GUEST_ROLE})
    @Operation(summary = "A hint for the caller's turn in a casual game against the computer: the best move, its line and score; "
            + "counted by the game service (pente.game.hints-per-game per player and game), searched on the analysis pool")
    @APIResponse(responseCode = "400", description = "a bad game id")
    @APIResponse(responseCode = "401", description = "no valid access token or guest token")
    @APIResponse(responseCode = "403", description = "NOT_A_PLAYER, HINTS_NOT_ALLOWED (ranked, or not against the computer), "
            + "FORBIDDEN (a service account)")
    @APIResponse(responseCode = "404", description = "no such game")
    @APIResponse(responseCode = "409", description = "NOT_YOUR_TURN or GAME_OVER")
    @APIResponse(responseCode = "429", description = "NO_HINTS_LEFT, or over the caller's analysis quota (see Retry-After)")
    @APIResponse(responseCode = "503", description = "every analysis slot is taken (Retry-After), or the game service did not answer")
    public Uni<Response> hint(@PathParam("gameId") String gameId) {
        Response refused = check(gameId);
        if (refused != null) {
            return Uni.createFrom().item(refused);
        }
        String caller = token.getSubject();
        String authorization = bearer();
        // A call the game service would refuse is answered without taking a place on the pool; the reservation
        // on the pool checks again, atomically.
        return games.status(gameId, authorization).onItemOrFailure().transformToUni((status, failure) -> {
            if (failure != null) {
                return Uni.createFrom().item(AnalysisResource.response(GameServiceErrors.refusal(failure)));
            }
            return status.allowed() ? search(gameId, caller, authorization) : Uni.createFrom().item(refusal(status));
        });
    }

    private Uni<Response> search(String gameId, String caller, String authorization) {
        Duration budget = pool.thinkTime(level, null);
        return pool.run(caller, budget.plus(RESERVE_TIMEOUT).plus(pool.maxThink()), () -> {
                    HintReservation reserved = reserve(gameId, authorization);
                    Variant variant = reserved.variant() != null ? reserved.variant() : variant(gameId);
                    Analysis analysis = chooser.analyse(MoveChooser.position(variant, reserved.moves()), level, budget, pool.tableBits());
                    List<String> line = analysis.principalVariation().isEmpty() ? List.of(analysis.bestMove()) : analysis.principalVariation();
                    return new Hint(gameId, reserved.ply(), analysis.bestMove(), line, analysis.score(), analysis.depth(),
                            reserved.hintsUsed(), reserved.hintsLeft(), reserved.hintsPerGame());
                })
                .map(hint -> Response.ok(hint).build())
                .onFailure(AnalysisPool.Refused.class).recoverWithItem(failure -> AnalysisResource.response((AnalysisPool.Refused) failure));
    }

    /** The game service's reason for no hint now, as the POST's refusal. */
    static Response refusal(HintStatus status) {
        String reason = status.reason() == null ? "HINTS_NOT_ALLOWED" : status.reason();
        return switch (reason) {
            case "NOT_A_PLAYER" -> ApiError.response(403, reason, "you do not play in this game");
            case "GAME_OVER" -> ApiError.response(409, reason, "the game is over");
            case "NOT_YOUR_TURN" -> ApiError.response(409, reason, "a hint is for your own turn");
            case "NO_HINTS_LEFT" -> ApiError.response(429, reason, "all " + status.hintsPerGame() + " hints of this game are used");
            default -> ApiError.response(403, "HINTS_NOT_ALLOWED", "hints are only for casual games against the computer");
        };
    }

    /** On the analyst's thread, never an event loop's: waits for the game service's count. */
    private HintReservation reserve(String gameId, String authorization) {
        try {
            return games.reserve(gameId, authorization).await().atMost(RESERVE_TIMEOUT);
        } catch (RuntimeException e) {
            throw GameServiceErrors.refusal(e);
        }
    }

    /** The game's variant from its public view (Pente from a game service without variants). */
    private Variant variant(String gameId) {
        try {
            return views.game(gameId).await().atMost(RESERVE_TIMEOUT).variant();
        } catch (RuntimeException e) {
            throw GameServiceErrors.refusal(e);
        }
    }

    private Response check(String gameId) {
        if (!Ids.isPlayerId(token.getSubject())) {
            return ApiError.challenge("the token names no usable subject");
        }
        if (!Ids.isId(gameId)) {
            return ApiError.response(400, "BAD_GAME_ID", "a game id is 1 to " + Ids.MAX_ID + " printable ASCII characters");
        }
        return null;
    }

    /** The caller's own verified token, for the game service to check again: never a service account's. */
    private String bearer() {
        return "Bearer " + token.getRawToken();
    }
}

package club.pente.game.hints;

import club.pente.core.contract.Ids;
import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Color;
import club.pente.game.application.GameReads;
import club.pente.game.domain.LiveGame;
import club.pente.kit.rest.ApiError;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import java.time.Instant;
import java.util.List;

/**
 * Hints in casual games against the computer, counted here so that the count survives restarts and holds
 * across instances. The AI service calls this with the player's own token (forwarded), so the caller is
 * always the verified subject: nobody, a service account included, reserves a hint for someone else.
 * A refused call changes nothing; a reservation is made before the AI searches, and is idempotent per ply: asked
 * again at the same ply (a retry after a failed search, a second tab) it costs nothing and answers the same count.
 */
@Path("/api/games/{id}/hints")
@Produces(MediaType.APPLICATION_JSON)
public class HintResource {
    static final String PLAYER_ROLE = "player";
    static final String GUEST_ROLE = "guest";

    /** What a player may still do: {@code reason} is why not (an error code of the POST), null when allowed. */
    public record HintStatus(String gameId, boolean allowed, String reason, int hintsUsed, int hintsLeft, int hintsPerGame) {
    }

    /** A reserved hint: the position to search (the moves so far, {@code ply} of them) and what is left. */
    public record HintReservation(String gameId, int ply, List<String> moves, int hintsUsed, int hintsLeft, int hintsPerGame) {
    }

    private final GameReads reads;
    private final HintLedger ledger;
    private final JsonWebToken token;
    private final int perGame;

    public HintResource(GameReads reads, HintLedger ledger, JsonWebToken token,
                        @ConfigProperty(name = "pente.game.hints-per-game") int perGame) {
        if (perGame < 0 || perGame > 100) {
            throw new IllegalArgumentException("pente.game.hints-per-game must be 0 to 100");
        }
        this.reads = reads;
        this.ledger = ledger;
        this.token = token;
        this.perGame = perGame;
    }

    @GET
    @RolesAllowed({PLAYER_ROLE, GUEST_ROLE})
    @Operation(summary = "The caller's hints in this game: whether one may be asked now (else why not), used, left, per game")
    @APIResponse(responseCode = "400", description = "a bad game id")
    @APIResponse(responseCode = "404", description = "no such game")
    public Uni<Response> status(@PathParam("id") String id) {
        if (!Ids.isId(id)) {
            return Uni.createFrom().item(badGameId());
        }
        String caller = token.getSubject();
        return reads.find(id).emitOn(Infrastructure.getDefaultWorkerPool()).map(stored -> {
            if (stored == null) {
                return notFound(id);
            }
            LiveGame game = stored.state();
            Response refusal = refusal(game, caller);
            HintLedger.Usage usage = game.colorOf(caller) == null ? HintLedger.Usage.NONE : ledger.used(id, caller);
            int used = usage.used();
            // The last hint asked again at its own ply is allowed (free), so a failed one can be retried.
            String reason = refusal != null ? ((ApiError) refusal.getEntity()).error()
                    : usage.allows(game.position().ply(), perGame) ? null : "NO_HINTS_LEFT";
            return Response.ok(new HintStatus(id, reason == null, reason, used, Math.max(0, perGame - used), perGame)).build();
        });
    }

    @POST
    @RolesAllowed({PLAYER_ROLE, GUEST_ROLE})
    @Operation(summary = "Reserve one hint as the caller (a player of an ongoing unranked game against the computer, on their "
            + "turn), at most pente.game.hints-per-game per player and game; asked again at the same ply it costs nothing (a safe retry); "
            + "answers with the position's moves and what is left")
    @APIResponse(responseCode = "400", description = "a bad game id")
    @APIResponse(responseCode = "403", description = "NOT_A_PLAYER: not the caller's game; HINTS_NOT_ALLOWED: ranked, or not against the computer; "
            + "FORBIDDEN: a token that is neither a player's nor a guest's")
    @APIResponse(responseCode = "404", description = "no such game")
    @APIResponse(responseCode = "409", description = "GAME_OVER, or NOT_YOUR_TURN")
    @APIResponse(responseCode = "429", description = "NO_HINTS_LEFT: all of this game's hints are used, at earlier plies")
    public Uni<Response> reserve(@PathParam("id") String id) {
        if (!Ids.isId(id)) {
            return Uni.createFrom().item(badGameId());
        }
        String caller = token.getSubject();
        return reads.find(id).emitOn(Infrastructure.getDefaultWorkerPool()).map(stored -> {
            if (stored == null) {
                return notFound(id);
            }
            LiveGame game = stored.state();
            Response refusal = refusal(game, caller);
            if (refusal != null) {
                return refusal;
            }
            int ply = game.position().ply();
            int used = ledger.reserve(id, caller, ply, perGame, Instant.now());
            if (used < 0) {
                return ApiError.response(429, "NO_HINTS_LEFT", "all " + perGame + " hints of this game are used");
            }
            List<String> moves = stored.moves().stream().map(GameReads.StoredMove::point).toList();
            return Response.ok(new HintReservation(id, ply, moves, used, Math.max(0, perGame - used), perGame)).build();
        });
    }

    /** Why the caller may not have a hint in this game now, or null; checked before anything is counted. */
    static Response refusal(LiveGame game, String caller) {
        Color mine = caller == null ? null : game.colorOf(caller);
        if (mine == null) {
            return ApiError.response(403, "NOT_A_PLAYER", "you do not play in this game");
        }
        PlayerRef opponent = game.player(mine.opponent());
        if (game.ranked() || PlayerRef.kindOf(opponent.id()) != PlayerRef.Kind.COMPUTER) {
            return ApiError.response(403, "HINTS_NOT_ALLOWED", "hints are only for casual games against the computer");
        }
        if (game.isOver()) {
            return ApiError.response(409, "GAME_OVER", "the game is over");
        }
        if (game.position().toMove() != mine) {
            return ApiError.response(409, "NOT_YOUR_TURN", "a hint is for your own turn");
        }
        return null;
    }

    private static Response badGameId() {
        return ApiError.response(400, "BAD_GAME_ID", "a game id is 1 to " + Ids.MAX_ID + " printable ASCII characters");
    }

    private static Response notFound(String id) {
        return ApiError.response(404, "UNKNOWN_GAME", "no game with id " + id);
    }
}

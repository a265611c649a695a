package club.pente.game.rest;

import club.pente.kit.rest.ApiError;
import club.pente.core.contract.Abort;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.Ids;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.Resign;
import club.pente.core.notation.Notation;
import club.pente.core.notation.NotationException;
import club.pente.game.messaging.CommandOutcomes;
import club.pente.game.messaging.CommandSender;
import club.pente.game.application.CommandKey;
import club.pente.game.application.GameReads;
import club.pente.game.domain.LiveGame;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;

import java.time.Duration;

/**
 * The bot API: a caller with a Keycloak bearer token plays, resigns (and an admin aborts) through the
 * same command stream as everyone else. The command carries the identity from the verified token, never
 * one from the body; the answer is the authority's outcome, awaited up to a timeout.
 */
@Path("/api/games/{id}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class BotResource {
    private final GameReads reads;
    private final CommandSender sender;
    private final CommandOutcomes outcomes;
    private final JsonWebToken token;
    private final SecurityIdentity identity;
    private final Duration timeout;

    public BotResource(GameReads reads, CommandSender sender, CommandOutcomes outcomes, JsonWebToken token, SecurityIdentity identity,
                       BotSettings settings) {
        this.reads = reads;
        this.sender = sender;
        this.outcomes = outcomes;
        this.token = token;
        this.identity = identity;
        this.timeout = settings.outcomeTimeout();
    }

    @POST
    @Path("/moves")
    @Authenticated
    @Operation(summary = "Play a move as the authenticated player; answers with the applied move or the rejection")
    public Uni<Response> move(@PathParam("id") String id, MoveRequest request) {
        if (request == null || request.point() == null || request.point().isBlank()) {
            return bad("MISSING_POINT", "the body must be JSON like {\"point\": \"K10\"}");
        }
        try {
            Notation.parse(request.point());
        } catch (NotationException e) {
            return bad("BAD_NOTATION", e.getMessage());
        }
        if (request.expectedPly() != null && request.expectedPly() < 1) {
            return bad("BAD_PLY", "expectedPly must be 1 or more");
        }
        if (request.commandId() != null && !request.commandId().isBlank() && !Ids.isId(request.commandId())) {
            return bad("BAD_COMMAND_ID", "commandId must be 1 to " + Ids.MAX_ID + " printable ASCII characters");
        }
        String player = token.getSubject();
        return find(id).flatMap(stored -> {
            if (stored == null) {
                return Uni.createFrom().item(GameResource.notFound(id));
            }
            LiveGame game = stored.state();
            if (!plays(game, player)) {
                return Uni.createFrom().item(notAPlayer());
            }
            String commandId = request.commandId() == null || request.commandId().isBlank() ? Contracts.newId() : request.commandId();
            int ply = request.expectedPly() == null ? game.position().ply() + 1 : request.expectedPly();
            PlayMove command = new PlayMove(Contracts.SCHEMA_VERSION, commandId, id, player, ply, request.point().strip(), Contracts.now());
            return replayOrSend(command);
        });
    }

    @POST
    @Path("/resign")
    @Authenticated
    @Operation(summary = "Resign as the authenticated player")
    public Uni<Response> resign(@PathParam("id") String id) {
        String player = token.getSubject();
        return find(id).flatMap(stored -> {
            if (stored == null) {
                return Uni.createFrom().item(GameResource.notFound(id));
            }
            if (!plays(stored.state(), player)) {
                return Uni.createFrom().item(notAPlayer());
            }
            return send(Resign.of(id, player));
        });
    }

    @POST
    @Path("/abort")
    @Authenticated
    @Operation(summary = "Moderator or admin: end a game without a result (never rated), with a reason shown at the table; "
            + "answers with the outcome (the same Abort and audit as POST /api/admin/games/{id}/abort)")
    public Uni<Response> abort(@PathParam("id") String id, AbortRequest request) {
        StaffActor staff = StaffGate.require(identity, token, StaffRole.MODERATOR);
        String reason = StaffGate.reason(request);
        return find(id).flatMap(stored -> stored == null
                ? Uni.createFrom().item(GameResource.notFound(id))
                : send(Abort.by(staff, id, reason)));
    }

    /**
     * {@link GameReads} closes its session before the answer arrives: the command's outcome is then awaited
     * on a consumer thread, where no reactive session may be closed.
     */
    private Uni<GameReads.StoredGame> find(String id) {
        return reads.find(id);
    }

    /** A retried command id answers with what it did the first time instead of waiting for nothing. */
    private Uni<Response> replayOrSend(PlayMove command) {
        return reads.earlier(command.gameId(), command.playerId(), command.commandId()).flatMap(earlier -> {
            if (earlier.appliedAs() != null) {
                return Uni.createFrom().item(Response.ok(new CommandOutcome("APPLIED", command.commandId(), -1, null, null,
                        "already applied as ply " + earlier.appliedAs().ply() + " (" + earlier.appliedAs().point() + ")")).build());
            }
            if (earlier.handled()) {
                return Uni.createFrom().item(ApiError.response(Response.Status.CONFLICT, "DUPLICATE_COMMAND",
                        "command " + command.commandId() + " was already handled"));
            }
            return send(command);
        });
    }

    private static boolean plays(LiveGame game, String player) {
        return player.equals(game.white().id()) || player.equals(game.black().id());
    }

    private Uni<Response> send(GameCommand command) {
        Uni<GameEvent> outcome = outcomes.expect(command.gameId(), CommandKey.actorOf(command), command.commandId(), timeout);
        return sender.send(command).chain(() -> outcome).map(event -> respond(command, event));
    }

    private Response respond(GameCommand command, GameEvent event) {
        if (event == null) {
            return ApiError.response(Response.Status.GATEWAY_TIMEOUT, "NO_OUTCOME",
                    "no outcome within " + timeout.toSeconds() + " s; command " + command.commandId() + " may still apply");
        }
        if (event instanceof MoveRejected rejected) {
            return Response.status(status(rejected.reason()))
                    .entity(new CommandOutcome("REJECTED", command.commandId(), rejected.version(), rejected,
                            rejected.reason().name(), rejected.message()))
                    .build();
        }
        return Response.ok(new CommandOutcome("APPLIED", command.commandId(), event.version(), event, null, null)).build();
    }

    static int status(RejectionReason reason) {
        return switch (reason) {
            case NOT_YOUR_TURN, STALE_PLY, GAME_OVER, GAME_EXISTS, OFFER_PENDING, NO_OFFER, TOO_LATE, NOT_ABANDONED, CHAT_FULL,
                    NOT_FINISHED, ALREADY_ANNULLED -> 409;
            case NOT_A_PLAYER, FORBIDDEN, SUSPENDED, MUTED -> 403;
            case UNKNOWN_GAME, UNKNOWN_MESSAGE -> 404;
            case BAD_NOTATION -> 400;
            case OCCUPIED, OFF_BOARD, FIRST_MOVE_NOT_CENTRE, TOURNAMENT_RULE -> 422;
        };
    }

    private static Response notAPlayer() {
        return ApiError.response(Response.Status.FORBIDDEN, "NOT_A_PLAYER", "you do not play in this game");
    }

    private static Uni<Response> bad(String error, String message) {
        return Uni.createFrom().item(ApiError.response(Response.Status.BAD_REQUEST, error, message));
    }
}

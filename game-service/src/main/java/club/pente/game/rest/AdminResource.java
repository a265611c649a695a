package club.pente.game.rest;

import club.pente.core.contract.Abort;
import club.pente.core.contract.AnnulGame;
import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Color;
import club.pente.game.application.GameReads;
import club.pente.game.domain.LiveGame;
import club.pente.game.domain.StaffAudit;
import club.pente.game.messaging.CommandSender;
import club.pente.game.persistence.StaffQueries;
import club.pente.kit.audit.AuditFilter;
import club.pente.kit.rest.ApiError;
import club.pente.kit.rest.ApiException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The staff's game administration, checked here, in the service that owns the games (the gateway's check is
 * only a first fence): moderators list every live game and abort one; admins annul a finished game. Commands
 * carry the staff member the verified token proves; each is audited where the authority decides it.
 */
@Path("/api/admin")
@Produces(MediaType.APPLICATION_JSON)
@Authenticated
public class AdminResource {
    static final int MAX_LIST = 1000;

    private final GameReads reads;
    private final CommandSender sender;
    private final StaffQueries queries;
    private final SecurityIdentity identity;
    private final JsonWebToken token;
    private final StaffSettings settings;

    public AdminResource(GameReads reads, CommandSender sender, StaffQueries queries, SecurityIdentity identity, JsonWebToken token,
                         StaffSettings settings) {
        this.reads = reads;
        this.sender = sender;
        this.queries = queries;
        this.identity = identity;
        this.token = token;
        this.settings = settings;
    }

    /** A live game as staff see it: the listing's fields plus both clocks as of the answer. */
    public record AdminGame(String id, PlayerRef white, PlayerRef black, boolean ranked, TimeControl timeControl, String status,
                            String reason, int ply, Color toMove, long version, Instant createdAt, Instant lastMoveAt, Instant endedAt,
                            AdminClocks clocks) {
    }

    /** Both clocks; {@code running} is the side to move, whose clock is charged up to the answer. */
    public record AdminClocks(long whiteMillis, long blackMillis, Color running) {
    }

    public record AdminGames(List<AdminGame> games) {
    }

    public record Accepted(String commandId, String gameId) {
    }

    public record Status(String service, String version, String instance, Long outboxBacklog, long liveGames) {
    }

    @GET
    @Path("/games")
    @Operation(summary = "Moderator or admin: every live game (idle ones too), newest first, with both clocks")
    public Uni<Response> games(@QueryParam("limit") @DefaultValue("500") String limit) {
        StaffGate.require(identity, token, StaffRole.MODERATOR);
        int size = limit(limit);
        Instant now = Instant.now();
        return reads.allLive(size).map(rows -> Response.ok(new AdminGames(rows.stream().map(row -> of(row, now)).toList())).build());
    }

    static AdminGame of(GameReads.StaffListing row, Instant now) {
        GameReads.GameListing game = row.game();
        AdminClocks clocks = null;
        if (!game.timeControl().untimed()) {
            long elapsed = Math.max(0, Duration.between(row.turnStartedAt(), now).toMillis());
            long white = row.whiteMillis() - (game.toMove() == Color.WHITE ? elapsed : 0);
            long black = row.blackMillis() - (game.toMove() == Color.BLACK ? elapsed : 0);
            clocks = new AdminClocks(Math.max(0, white), Math.max(0, black), game.toMove());
        }
        return new AdminGame(game.id(), game.white(), game.black(), game.ranked(), game.timeControl(), game.status().name(),
                game.reason() == null ? null : game.reason().name(), game.ply(), game.toMove(), game.version(), game.createdAt(),
                game.lastMoveAt(), game.endedAt(), clocks);
    }

    @POST
    @Path("/games/{id}/abort")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Moderator or admin: abort a live game with a reason (never rated; the reason is shown at the table); "
            + "202 once the Abort is on the command stream")
    public Uni<Response> abort(@PathParam("id") String id, AbortRequest request) {
        StaffActor staff = StaffGate.require(identity, token, StaffRole.MODERATOR);
        String gameId = StaffGate.gameId(id);
        String reason = StaffGate.reason(request);
        return reads.find(gameId).flatMap(stored -> {
            if (stored == null) {
                return Uni.createFrom().item(GameResource.notFound(gameId));
            }
            if (stored.state().isOver()) {
                return Uni.createFrom().item(ApiError.response(Response.Status.CONFLICT, "GAME_OVER", "the game is over"));
            }
            Abort command = Abort.by(staff, gameId, reason);
            return sender.send(command).map(sent -> Response.accepted(new Accepted(command.commandId(), gameId)).build());
        });
    }

    @POST
    @Path("/games/{id}/annul")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Admin: annul a finished game with a reason (its result stays; the rating service reverses its rating "
            + "changes); 202 once the AnnulGame is on the command stream, a GameAnnulled event follows")
    public Uni<Response> annul(@PathParam("id") String id, AbortRequest request) {
        StaffActor staff = StaffGate.require(identity, token, StaffRole.ADMIN);
        String gameId = StaffGate.gameId(id);
        String reason = StaffGate.reason(request);
        return reads.find(gameId).flatMap(stored -> {
            if (stored == null) {
                return Uni.createFrom().item(GameResource.notFound(gameId));
            }
            LiveGame game = stored.state();
            if (!game.isOver()) {
                return Uni.createFrom().item(ApiError.response(Response.Status.CONFLICT, "NOT_FINISHED", "the game is still being played"));
            }
            if (game.annulment() != null) {
                return Uni.createFrom().item(ApiError.response(Response.Status.CONFLICT, "ALREADY_ANNULLED",
                        "the game was annulled at " + game.annulment().at() + " by " + game.annulment().by()));
            }
            AnnulGame command = AnnulGame.by(staff, gameId, reason);
            return sender.send(command).map(sent -> Response.accepted(new Accepted(command.commandId(), gameId)).build());
        });
    }

    @GET
    @Path("/audit")
    @Operation(summary = "Moderator or admin: the game service's audit (aborts, annulments, forfeits, chat removals), newest first")
    public Response audit(@QueryParam("actor") String actor, @QueryParam("action") String action, @QueryParam("target") String target,
                          @QueryParam("game") String game, @QueryParam("since") String since, @QueryParam("until") String until,
                          @QueryParam("limit") String limit) {
        StaffGate.require(identity, token, StaffRole.MODERATOR);
        AuditFilter filter = AuditFilter.parse(actor, action, target, game, since, until, limit);
        List<AuditEntry> entries = queries.audit(filter);
        ObjectNode body = Contracts.json().createObjectNode();
        body.put("service", StaffAudit.SERVICE);
        body.set("entries", Contracts.json().valueToTree(entries));
        try {
            return Response.ok(Contracts.json().writeValueAsString(body), MediaType.APPLICATION_JSON).build();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the audit", e);
        }
    }

    @GET
    @Path("/status")
    @Operation(summary = "Moderator or admin: this instance's version and name, and how many games are live (all instances)")
    public Status status() {
        StaffGate.require(identity, token, StaffRole.MODERATOR);
        return new Status(StaffAudit.SERVICE, settings.version(), settings.instance(), null, queries.liveCount());
    }

    private static int limit(String value) {
        if (value.length() > 4 || !value.chars().allMatch(Character::isDigit) || value.isEmpty()
                || Integer.parseInt(value) < 1 || Integer.parseInt(value) > MAX_LIST) {
            throw ApiException.badRequest("BAD_LIMIT", "limit must be 1 to " + MAX_LIST);
        }
        return Integer.parseInt(value);
    }
}

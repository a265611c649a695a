package club.pente.matchmaking.rest;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.PlayerRef;
import club.pente.matchmaking.application.ApiException;
import club.pente.matchmaking.application.Player;
import club.pente.matchmaking.application.SeekService;
import club.pente.matchmaking.domain.BadRequestException;
import club.pente.matchmaking.domain.Seek;
import club.pente.matchmaking.domain.TimeControlPresets;
import club.pente.matchmaking.persistence.GameEntity;
import club.pente.matchmaking.persistence.SeekEntity;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;

import java.time.Instant;
import java.util.List;

/**
 * Seeks: open one (ranked needs an account), learn its fate (each GET or keepalive also tells matchmaking
 * the player is still there; a seek nobody polls expires), cancel it.
 */
@Path("/api/matchmaking/seeks")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({Caller.PLAYER_ROLE, Caller.GUEST_ROLE})
public class SeekResource {
    public record SeekRequest(String mode, String timeControl) {
    }

    /** status: WAITING, MATCHED (gameId, color, opponent), CANCELLED or EXPIRED. */
    public record SeekView(String id, String status, String mode, String timeControl, int rating, Instant createdAt,
                           String gameId, String color, PlayerRef opponent) {
    }

    public record Presets(List<String> timeControls) {
    }

    private final SeekService seeks;
    private final Caller caller;

    public SeekResource(SeekService seeks, Caller caller) {
        this.seeks = seeks;
        this.caller = caller;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Look for an opponent: {\"mode\":\"RANKED|CASUAL\",\"timeControl\":\"10+5\"} (minutes+seconds per move)")
    public Response open(SeekRequest request) {
        if (request == null) {
            throw new BadRequestException("MISSING_BODY", "the body must be JSON like {\"mode\":\"CASUAL\",\"timeControl\":\"10+5\"}");
        }
        Seek seek = seeks.open(caller.player(), request.mode(), request.timeControl());
        return Response.status(201).entity(new SeekView(seek.id(), "WAITING", seek.mode().name(), seek.timeControl(),
                seek.rating(), seek.since(), null, null, null)).build();
    }

    @GET
    @Path("/presets")
    @PermitAll
    @Operation(summary = "The time controls to choose from")
    public Presets presets() {
        return new Presets(TimeControlPresets.names());
    }

    @GET
    @Path("/{id}")
    @WithTransaction
    @Operation(summary = "The seek's status (MATCHED carries the game); also keeps a waiting seek alive")
    public Uni<SeekView> get(@PathParam("id") String id) {
        return refreshAndView(id, caller.player());
    }

    @POST
    @Path("/{id}/keepalive")
    @WithTransaction
    @Operation(summary = "Tell matchmaking the player is still waiting (a seek nobody refreshes expires)")
    public Uni<SeekView> keepalive(@PathParam("id") String id) {
        return refreshAndView(id, caller.player());
    }

    @DELETE
    @Path("/{id}")
    @WithTransaction
    @Operation(summary = "Cancel a waiting seek; 409 when it was matched first")
    public Uni<SeekView> cancel(@PathParam("id") String id) {
        Player player = caller.player();
        // A conditional update: if a pairing transaction holds the row, this waits for it and then finds it MATCHED.
        return SeekEntity.update("status = 'CANCELLED', endedAt = ?1 where id = ?2 and playerId = ?3 and status = 'WAITING'",
                        Contracts.now(), id, player.id())
                .chain(updated -> SeekEntity.<SeekEntity>findById(id).chain(seek -> {
                    owned(seek, id, player);
                    if ("MATCHED".equals(seek.status)) {
                        throw ApiException.conflict("ALREADY_MATCHED", "seek " + id + " was already matched into game " + seek.gameId);
                    }
                    return view(seek, player);
                }));
    }

    private Uni<SeekView> refreshAndView(String id, Player player) {
        return SeekEntity.update("lastSeenAt = ?1 where id = ?2 and playerId = ?3 and status = 'WAITING'", Contracts.now(), id, player.id())
                .chain(updated -> SeekEntity.<SeekEntity>findById(id))
                .chain(seek -> {
                    owned(seek, id, player);
                    return view(seek, player);
                });
    }

    private static void owned(SeekEntity seek, String id, Player player) {
        if (seek == null) {
            throw ApiException.notFound("UNKNOWN_SEEK", "no seek " + id);
        }
        if (!seek.playerId.equals(player.id())) {
            throw ApiException.forbidden("NOT_YOUR_SEEK", "seek " + id + " belongs to another player");
        }
    }

    private static Uni<SeekView> view(SeekEntity seek, Player player) {
        Uni<PlayerRef> opponent = seek.gameId == null ? Uni.createFrom().nullItem()
                : GameEntity.<GameEntity>findById(seek.gameId).map(game -> game == null ? null
                        : game.whiteId.equals(player.id()) ? new PlayerRef(game.blackId, game.blackName)
                        : new PlayerRef(game.whiteId, game.whiteName));
        return opponent.map(who -> new SeekView(seek.id, seek.status, seek.mode, seek.timeControl, seek.rating, seek.createdAt,
                seek.gameId, seek.color, who));
    }
}

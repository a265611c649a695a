package club.pente.game.rest;

import club.pente.core.record.GameRecordFormat;
import club.pente.game.persistence.GameQueries;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;

import java.time.Instant;
import java.util.List;

/** Read API: anyone may look at any game. */
@Path("/api/games")
@Produces(MediaType.APPLICATION_JSON)
public class GameResource {
    private final GameQueries queries;

    public GameResource(GameQueries queries) {
        this.queries = queries;
    }

    @GET
    @Path("/{id}")
    @WithSession
    @Operation(summary = "A game: players, board, captured pairs, clocks, moves, status and version")
    public Uni<Response> game(@PathParam("id") String id) {
        return queries.find(id).map(stored -> stored == null
                ? notFound(id)
                : Response.ok(GameView.of(stored, Instant.now())).build());
    }

    @GET
    @WithSession
    @Operation(summary = "Games by status: live (default) or finished, newest first")
    public Uni<Response> games(@QueryParam("status") @DefaultValue("live") String status,
                               @QueryParam("limit") @DefaultValue("50") int limit) {
        if (limit < 1 || limit > 500) {
            return Uni.createFrom().item(ApiError.response(Response.Status.BAD_REQUEST, "BAD_LIMIT", "limit must be 1 to 500"));
        }
        Uni<List<club.pente.game.persistence.GameEntity>> rows = switch (status) {
            case "live" -> queries.live(limit);
            case "finished" -> queries.finished(limit);
            default -> null;
        };
        if (rows == null) {
            return Uni.createFrom().item(ApiError.response(Response.Status.BAD_REQUEST, "BAD_STATUS", "status must be live or finished"));
        }
        return rows.map(list -> Response.ok(list.stream().map(GameSummary::of).toList()).build());
    }

    @GET
    @Path("/{id}/record")
    @Produces(MediaType.TEXT_PLAIN)
    @WithSession
    @Operation(summary = "The game record in the plain-text record format")
    public Uni<Response> record(@PathParam("id") String id) {
        return queries.find(id).map(stored -> stored == null
                ? Response.status(Response.Status.NOT_FOUND).type(MediaType.TEXT_PLAIN).entity("no game with id " + id + "\n").build()
                : Response.ok(GameRecordFormat.write(GameQueries.record(stored)))
                        .header("Content-Disposition", "attachment; filename=\"pente-" + id + ".txt\"").build());
    }

    static Response notFound(String id) {
        return ApiError.response(Response.Status.NOT_FOUND, "UNKNOWN_GAME", "no game with id " + id);
    }
}

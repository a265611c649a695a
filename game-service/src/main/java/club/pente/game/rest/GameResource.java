package club.pente.game.rest;

import club.pente.kit.rest.ApiError;
import club.pente.core.record.GameRecord;
import club.pente.core.record.GameRecordFormat;
import club.pente.game.application.GameReads;
import club.pente.game.domain.LiveGame;
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
import java.time.ZoneOffset;
import java.util.List;

/** Read API: anyone may look at any game. */
@Path("/api/games")
@Produces(MediaType.APPLICATION_JSON)
public class GameResource {
    private final GameReads reads;

    public GameResource(GameReads reads) {
        this.reads = reads;
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "A game: players, board, captured pairs, clocks, moves, status and version")
    public Uni<Response> game(@PathParam("id") String id) {
        return reads.find(id).map(stored -> stored == null
                ? notFound(id)
                : Response.ok(GameView.of(stored, Instant.now())).build());
    }

    @GET
    @Operation(summary = "Games by status: live (default) or finished, newest first")
    public Uni<Response> games(@QueryParam("status") @DefaultValue("live") String status,
                               @QueryParam("limit") @DefaultValue("50") int limit) {
        if (limit < 1 || limit > 500) {
            return Uni.createFrom().item(ApiError.response(Response.Status.BAD_REQUEST, "BAD_LIMIT", "limit must be 1 to 500"));
        }
        Uni<List<GameReads.GameListing>> rows = switch (status) {
            case "live" -> reads.live(limit);
            case "finished" -> reads.finished(limit);
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
    @Operation(summary = "The game record in the plain-text record format")
    public Uni<Response> record(@PathParam("id") String id) {
        return reads.find(id).map(stored -> stored == null
                ? Response.status(Response.Status.NOT_FOUND).type(MediaType.TEXT_PLAIN).entity("no game with id " + id + "\n").build()
                : Response.ok(GameRecordFormat.write(record(stored)))
                        .header("Content-Disposition", "attachment; filename=\"pente-" + id + ".txt\"").build());
    }

    private static GameRecord record(GameReads.StoredGame stored) {
        LiveGame game = stored.state();
        return new GameRecord(game.ranked() ? "Ranked game" : "Casual game", game.white().name(), game.black().name(),
                game.createdAt().atZone(ZoneOffset.UTC).toLocalDate(), game.result(), game.reason(), game.timeControl().format(),
                stored.moves().stream().map(GameReads.StoredMove::point).toList());
    }

    static Response notFound(String id) {
        return ApiError.response(Response.Status.NOT_FOUND, "UNKNOWN_GAME", "no game with id " + id);
    }
}

package club.pente.rating.rest;

import club.pente.kit.rest.ApiError;
import club.pente.rating.application.RatingReads;
import club.pente.rating.domain.EloPolicy;
import club.pente.rating.domain.Statistics;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.ArrayList;
import java.util.List;

/** Read API: ratings are public. Paging parameters are read as text so that a bad one gets a 400, not a 404. */
@Path("/api/ratings")
@Produces(MediaType.APPLICATION_JSON)
public class RatingResource {
    static final int MAX_PAGE_SIZE = 100;
    static final int MAX_HISTORY = 500;

    private final RatingReads reads;

    public RatingResource(RatingReads reads) {
        this.reads = reads;
    }

    @GET
    @Path("/players/{id}")
    @Operation(summary = "A rated player's profile: rating, provisional, games, wins/losses/draws overall and by colour, rating history (newest first)")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = PlayerProfile.class)))
    @APIResponse(responseCode = "404", description = "no rated game for this player",
            content = @Content(schema = @Schema(implementation = ApiError.class)))
    public Uni<Response> profile(@PathParam("id") String id,
                                 @Parameter(description = "how many history entries, 0 to " + MAX_HISTORY + " (default 100)")
                                 @QueryParam("history") String history) {
        Integer limit = parse(history, 100, 0, MAX_HISTORY);
        if (limit == null) {
            return badRequest("BAD_HISTORY", "history must be a whole number from 0 to " + MAX_HISTORY);
        }
        return reads.profile(id, limit).map(profile -> profile == null
                ? ApiError.response(Response.Status.NOT_FOUND, "UNKNOWN_PLAYER", "no rated game for player " + id)
                : Response.ok(PlayerProfile.of(profile)).build());
    }

    @GET
    @Path("/players/{id}/rating")
    @Operation(summary = "Rating and provisional flag; 1500 and provisional for a player without rated games")
    public Uni<RatingView> rating(@PathParam("id") String id) {
        return reads.player(id).map(player -> player == null
                ? new RatingView(EloPolicy.INITIAL_RATING, true)
                : new RatingView(player.rating(), player.provisional()));
    }

    @GET
    @Path("/leaderboard")
    @Operation(summary = "Established players (" + EloPolicy.PROVISIONAL_GAMES + "+ rated games) by rating, then provisional ones "
            + "(marked provisional) by rating, paged (page from 0)")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = LeaderboardPage.class)))
    @APIResponse(responseCode = "400", description = "bad page or size",
            content = @Content(schema = @Schema(implementation = ApiError.class)))
    public Uni<Response> leaderboard(@Parameter(description = "page number from 0 (default 0)") @QueryParam("page") String pageParam,
                                     @Parameter(description = "page size 1 to " + MAX_PAGE_SIZE + " (default 20)") @QueryParam("size") String sizeParam) {
        Integer page = parse(pageParam, 0, 0, 1_000_000);
        if (page == null) {
            return badRequest("BAD_PAGE", "page must be a whole number from 0");
        }
        Integer size = parse(sizeParam, 20, 1, MAX_PAGE_SIZE);
        if (size == null) {
            return badRequest("BAD_SIZE", "size must be a whole number from 1 to " + MAX_PAGE_SIZE);
        }
        return reads.leaderboard(page, size).map(board -> {
            List<LeaderboardPage.Entry> entries = new ArrayList<>();
            long rank = (long) page * size;
            for (RatingReads.RatedPlayer p : board.players()) {
                RatingReads.Record overall = p.overall();
                entries.add(new LeaderboardPage.Entry(++rank, p.playerId(), p.name(), p.rating(), overall.games(), overall.wins(),
                        overall.losses(), overall.draws(), p.provisional()));
            }
            return Response.ok(new LeaderboardPage(page, size, board.total(), entries)).build();
        });
    }

    @GET
    @Path("/statistics")
    @Operation(summary = "All finished games seen (ranked or not, aborted excluded): wins by colour, draws, percentages, counts by end reason")
    public Uni<Statistics> statistics() {
        return reads.statistics();
    }

    /** The parameter as an int within bounds, the fallback when absent, null when it is not acceptable. */
    static Integer parse(String value, int fallback, int min, int max) {
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        try {
            int parsed = Integer.parseInt(value.trim());
            return parsed < min || parsed > max ? null : parsed;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Uni<Response> badRequest(String error, String message) {
        return Uni.createFrom().item(ApiError.response(Response.Status.BAD_REQUEST, error, message));
    }
}

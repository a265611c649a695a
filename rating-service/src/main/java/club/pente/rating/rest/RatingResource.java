package club.pente.rating.rest;

import club.pente.core.contract.RatingCategory;
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
import java.util.Locale;
import java.util.stream.Collectors;

/** Read API: ratings are public. Paging parameters are read as text so that a bad one gets a 400, not a 404. */
@Path("/api/ratings")
@Produces(MediaType.APPLICATION_JSON)
public class RatingResource {
    static final int MAX_PAGE_SIZE = 100;
    static final int MAX_HISTORY = 500;
    /** Longer than any category id; a longer parameter is refused before it is looked at. */
    static final int MAX_CATEGORY = 32;
    static final String KNOWN_CATEGORIES = RatingCategory.all().stream().map(RatingCategory::id).collect(Collectors.joining(", "));
    /** For the OpenAPI text (a constant); RatingResourceTest checks it is {@link #KNOWN_CATEGORIES}. */
    static final String CATEGORIES_DOC = "pente-live, pente-turn, keryo-live, keryo-turn, gomoku-live, gomoku-turn";

    private final RatingReads reads;

    public RatingResource(RatingReads reads) {
        this.reads = reads;
    }

    @GET
    @Path("/players/{id}")
    @Operation(summary = "A rated player's profile: pente-live rating, provisional, games, wins/losses/draws overall and by colour; "
            + "categories: the standing in each rating category played (pente-live always); rating history of every category "
            + "(newest first)")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = PlayerProfile.class)))
    @APIResponse(responseCode = "404", description = "no rated game for this player in any category",
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
    @Operation(summary = "Rating and provisional flag in one rating category (default pente-live); 1500 and provisional for a "
            + "player without rated games in it")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = RatingView.class)))
    @APIResponse(responseCode = "400", description = "unknown category",
            content = @Content(schema = @Schema(implementation = ApiError.class)))
    public Uni<Response> rating(@PathParam("id") String id,
                                @Parameter(description = "rating category: " + CATEGORIES_DOC + " (default pente-live)")
                                @QueryParam("category") String categoryParam) {
        RatingCategory category = category(categoryParam);
        if (category == null) {
            return badCategory();
        }
        return reads.player(id, category).map(player -> Response.ok(player == null
                ? new RatingView(EloPolicy.INITIAL_RATING, true)
                : new RatingView(player.rating(), player.provisional())).build());
    }

    @GET
    @Path("/leaderboard")
    @Operation(summary = "One rating category's (default pente-live) established players (" + EloPolicy.PROVISIONAL_GAMES
            + "+ rated games) by rating, then provisional ones (marked provisional) by rating, paged (page from 0)")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = LeaderboardPage.class)))
    @APIResponse(responseCode = "400", description = "bad page, size or category",
            content = @Content(schema = @Schema(implementation = ApiError.class)))
    public Uni<Response> leaderboard(@Parameter(description = "page number from 0 (default 0)") @QueryParam("page") String pageParam,
                                     @Parameter(description = "page size 1 to " + MAX_PAGE_SIZE + " (default 20)") @QueryParam("size") String sizeParam,
                                     @Parameter(description = "rating category: " + CATEGORIES_DOC + " (default pente-live)")
                                     @QueryParam("category") String categoryParam) {
        RatingCategory category = category(categoryParam);
        if (category == null) {
            return badCategory();
        }
        Integer page = parse(pageParam, 0, 0, 1_000_000);
        if (page == null) {
            return badRequest("BAD_PAGE", "page must be a whole number from 0");
        }
        Integer size = parse(sizeParam, 20, 1, MAX_PAGE_SIZE);
        if (size == null) {
            return badRequest("BAD_SIZE", "size must be a whole number from 1 to " + MAX_PAGE_SIZE);
        }
        return reads.leaderboard(category, page, size).map(board -> {
            List<LeaderboardPage.Entry> entries = new ArrayList<>();
            long rank = (long) page * size;
            for (RatingReads.RatedPlayer p : board.players()) {
                RatingReads.Record overall = p.overall();
                entries.add(new LeaderboardPage.Entry(++rank, p.playerId(), p.name(), p.rating(), overall.games(), overall.wins(),
                        overall.losses(), overall.draws(), p.provisional()));
            }
            return Response.ok(new LeaderboardPage(page, size, board.total(), entries, category.id())).build();
        });
    }

    @GET
    @Path("/statistics")
    @Operation(summary = "Finished games seen (ranked or not, aborted and annulled excluded), of all categories or of one: wins by "
            + "colour, draws, percentages, counts by end reason")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = Statistics.class)))
    @APIResponse(responseCode = "400", description = "unknown category",
            content = @Content(schema = @Schema(implementation = ApiError.class)))
    public Uni<Response> statistics(@Parameter(description = "rating category: " + CATEGORIES_DOC + " (default: every game)")
                                    @QueryParam("category") String categoryParam) {
        RatingCategory category = null;
        if (categoryParam != null && !categoryParam.isEmpty()) {
            category = category(categoryParam);
            if (category == null) {
                return badCategory();
            }
        }
        return reads.statistics(category).map(statistics -> Response.ok(statistics).build());
    }

    /** The category named by the parameter (any case), pente-live when absent, null when it is not one. */
    static RatingCategory category(String value) {
        if (value == null || value.isEmpty()) {
            return RatingCategory.DEFAULT;
        }
        if (value.length() > MAX_CATEGORY) {
            return null;
        }
        String id = value.toLowerCase(Locale.ROOT);
        for (RatingCategory category : RatingCategory.all()) {
            if (category.id().equals(id)) {
                return category;
            }
        }
        return null;
    }

    private static Uni<Response> badCategory() {
        return badRequest("BAD_CATEGORY", "category must be one of " + KNOWN_CATEGORIES);
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

package club.pente.matchmaking.rest;

import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Variant;
import club.pente.matchmaking.application.Player;
import club.pente.matchmaking.application.SeekService;
import club.pente.matchmaking.application.StoredSeek;
import club.pente.matchmaking.domain.BadRequestException;
import club.pente.matchmaking.domain.Mode;
import club.pente.matchmaking.domain.Seek;
import club.pente.matchmaking.domain.SeekStatus;
import club.pente.matchmaking.domain.TimeControlPresets;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Seeks: open one (ranked needs an account), learn its fate (each GET or keepalive also tells matchmaking
 * the player is still there; a seek nobody polls expires), cancel it.
 */
@Path("/api/matchmaking/seeks")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({Caller.PLAYER_ROLE, Caller.GUEST_ROLE})
public class SeekResource {
    /** variant: PENTE, KERYO or GOMOKU (any case; absent is PENTE); timeControl a live preset or days per move ({@code 3d}). */
    public record SeekRequest(String mode, String timeControl, String variant) {
    }

    /**
     * status: WAITING, MATCHED (gameId, color, opponent; gameStatus PENDING until the game service confirmed
     * the game, then READY), CANCELLED or EXPIRED; clock: the time control as the game service writes it
     * ({@code 300+5}, {@code 3d}); turnBased: days per move (many at once; the opponent need not be online).
     */
    public record SeekView(String id, String status, String mode, String timeControl, String clock, int rating, Instant createdAt,
                           String gameId, String color, PlayerRef opponent, String gameStatus, boolean gameReady,
                           GameReadiness.Failure failure, String variant, boolean turnBased) {
    }

    /**
     * clocks: each preset as the game service writes it ({@code "5+5":"300+5"}, {@code "3d":"3d"}); presets: each
     * with whether it is turn-based and its days per move (0 live); variants: what a seek may ask for.
     */
    public record Presets(List<String> timeControls, String defaultTimeControl, Map<String, String> clocks, List<Preset> presets,
                          List<String> variants, String defaultVariant) {
    }

    public record Preset(String name, String clock, boolean turnBased, int daysPerMove) {
    }

    /** A seek anyone may join; rating only for ranked seeks; own: the caller's. */
    public record OpenSeekView(String id, PlayerRef player, String mode, String timeControl, String clock, Integer rating,
                               Instant createdAt, boolean own, String variant, boolean turnBased) {
    }

    public record OpenSeeks(List<OpenSeekView> seeks) {
    }

    /** The joiner's game, created at once from the joined seek. */
    public record JoinedView(String seekId, String gameId, String color, PlayerRef opponent, String mode, String timeControl,
                             String clock, String gameStatus, boolean gameReady, GameReadiness.Failure failure, String variant,
                             boolean turnBased) {
    }

    private final SeekService seeks;
    private final Caller caller;

    public SeekResource(SeekService seeks, Caller caller) {
        this.seeks = seeks;
        this.caller = caller;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Look for an opponent: {\"mode\":\"RANKED|CASUAL\",\"timeControl\":\"10+5\",\"variant\":\"PENTE|KERYO|GOMOKU\"} "
            + "(minutes+seconds per move, or days per move: 1d 2d 3d 5d 7d; one live seek at a time, many turn-based ones)")
    public Response open(SeekRequest request) {
        if (request == null) {
            throw new BadRequestException("MISSING_BODY", "the body must be JSON like {\"mode\":\"CASUAL\",\"timeControl\":\"10+5\"}");
        }
        Player player = caller.player();
        Seek seek = seeks.open(player, request.mode(), request.timeControl(), request.variant());
        return Response.status(201).entity(new SeekView(seek.id(), SeekStatus.WAITING.name(), seek.mode().name(), seek.timeControl(),
                GameReadiness.clock(seek.timeControl()), seek.rating(), seek.since(), null, null, null, null, false, null,
                seek.variant().name(), TimeControlPresets.turnBased(seek.timeControl()))).build();
    }

    @GET
    @PermitAll
    @Operation(summary = "The waiting seeks anyone may join (oldest first, at most 100): who, rating (ranked), variant, time control")
    public OpenSeeks open() {
        Player me = caller.playerOrNull();
        return new OpenSeeks(seeks.openSeeks().stream().map(seek -> new OpenSeekView(seek.id(), seek.player(), seek.mode().name(),
                seek.timeControl(), GameReadiness.clock(seek.timeControl()), seek.mode() == Mode.RANKED ? seek.rating() : null,
                seek.createdAt(), me != null && me.id().equals(seek.player().id()), seek.variant().name(),
                TimeControlPresets.turnBased(seek.timeControl()))).toList());
    }

    @POST
    @Path("/{id}/join")
    @Operation(summary = "Play that waiting seek's player now: the game is created at once (a seek is paired once; "
            + "409 SEEK_TAKEN when another was faster); your own waiting seek is withdrawn")
    public Response join(@PathParam("id") String id) {
        Player player = caller.player();
        SeekService.Joined joined = seeks.join(player, id);
        return Response.status(201).entity(new JoinedView(joined.seekId(), joined.game().id(), joined.color().name(), joined.opponent(),
                joined.mode().name(), joined.timeControl(), GameReadiness.clock(joined.timeControl()), GameReadiness.status(joined.game()),
                GameReadiness.ready(joined.game()), GameReadiness.failure(joined.game()), joined.variant().name(),
                TimeControlPresets.turnBased(joined.timeControl()))).build();
    }

    @GET
    @Path("/presets")
    @PermitAll
    @Operation(summary = "The time controls (live presets, then days per move) and variants to choose from")
    public Presets presets() {
        Map<String, String> clocks = new LinkedHashMap<>();
        TimeControlPresets.names().forEach(name -> clocks.put(name, GameReadiness.clock(name)));
        List<Preset> presets = TimeControlPresets.names().stream().map(name -> new Preset(name, GameReadiness.clock(name),
                TimeControlPresets.turnBased(name), TimeControlPresets.daysPerMove(name))).toList();
        List<String> variants = java.util.Arrays.stream(Variant.values()).map(Variant::name).toList();
        return new Presets(TimeControlPresets.names(), TimeControlPresets.DEFAULT, clocks, presets, variants, Variant.DEFAULT.name());
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "The seek's status (MATCHED carries the game); also keeps a waiting seek alive")
    public SeekView get(@PathParam("id") String id) {
        return view(seeks.refresh(caller.player(), id));
    }

    @POST
    @Path("/{id}/keepalive")
    @Operation(summary = "Tell matchmaking the player is still waiting (a seek nobody refreshes expires)")
    public SeekView keepalive(@PathParam("id") String id) {
        return view(seeks.refresh(caller.player(), id));
    }

    @DELETE
    @Path("/{id}")
    @Operation(summary = "Cancel a waiting seek; 409 when it was matched first")
    public SeekView cancel(@PathParam("id") String id) {
        return view(seeks.cancel(caller.player(), id));
    }

    private static SeekView view(SeekService.SeekState state) {
        StoredSeek seek = state.seek();
        return new SeekView(seek.id(), seek.status().name(), seek.mode().name(), seek.timeControl(), GameReadiness.clock(seek.timeControl()),
                seek.rating(), seek.createdAt(), seek.gameId(), seek.color() == null ? null : seek.color().name(), state.opponent(),
                GameReadiness.status(state.game()), GameReadiness.ready(state.game()), GameReadiness.failure(state.game()),
                seek.variant().name(), TimeControlPresets.turnBased(seek.timeControl()));
    }
}

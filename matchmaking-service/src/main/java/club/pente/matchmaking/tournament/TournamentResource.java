package club.pente.matchmaking.tournament;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.Ids;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.StaffActor;
import club.pente.kit.rest.ApiException;
import club.pente.matchmaking.application.Player;
import club.pente.matchmaking.domain.BadRequestException;
import club.pente.matchmaking.rest.Caller;
import club.pente.matchmaking.rest.StaffCaller;
import club.pente.matchmaking.tournament.TournamentRecords.Board;
import club.pente.matchmaking.tournament.TournamentRecords.Entrant;
import club.pente.matchmaking.tournament.TournamentRecords.Tournament;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.Authenticated;
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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Tournaments: created by accounts or staff (not guests), joined and left before the start by accounts and guests,
 * read by anyone without a token, cancelled by staff (or by the creator before the start).
 */
@Path("/api/matchmaking/tournaments")
@Produces(MediaType.APPLICATION_JSON)
public class TournamentResource {
    public record CreateRequest(String name, String format, Integer rounds, String variant, String timeControl, String startsAt,
                                Integer maxPlayers, String ranking) {
    }

    public record CancelRequest(String reason) {
    }

    public record Summary(String id, String name, String format, String variant, String timeControl, Integer rounds,
                          Instant startsAt, int maxPlayers, int players, String ranking, String status, int currentRound,
                          PlayerRef createdBy, Instant startedAt, Instant finishedAt, String cancelReason) {
    }

    public record ListView(List<Summary> upcoming, List<Summary> running, List<Summary> finished) {
    }

    /** result: WHITE_WINS, BLACK_WINS, DRAW, null while the game runs; a bye has black null and result BYE; REFUSED (reason: the
     *  game service's RejectionReason) when the game service refused to create the game and nobody can be blamed, a 0-point
     *  loss for both; a win for the other side, reason SUSPENDED, when the refused side is known to be suspended. */
    public record GameView(int board, String gameId, PlayerRef white, PlayerRef black, String result, String reason,
                           Integer whitePoints, Integer blackPoints) {
    }

    public record RoundView(int round, List<GameView> games, PlayerRef bye) {
    }

    public record StandingView(int rank, PlayerRef player, int points, int wins, int draws, int losses, int byes, int played) {
    }

    public record DetailView(String id, String name, String format, String variant, String timeControl, Integer rounds,
                             Instant startsAt, int maxPlayers, String ranking, String status, int currentRound,
                             PlayerRef createdBy, Instant startedAt, Instant finishedAt, String cancelReason,
                             int forfeitPoints, List<PlayerRef> players, boolean joined, List<RoundView> pairings,
                             List<StandingView> standings) {
    }

    private final Tournaments tournaments;
    private final Caller caller;
    private final StaffCaller staffCaller;
    private final SecurityIdentity identity;

    public TournamentResource(Tournaments tournaments, Caller caller, StaffCaller staffCaller, SecurityIdentity identity) {
        this.tournaments = tournaments;
        this.caller = caller;
        this.staffCaller = staffCaller;
        this.identity = identity;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Operation(summary = "Create a tournament: {\"name\":\"Friday Swiss\",\"format\":\"SWISS|ROUND_ROBIN\",\"rounds\":3,"
            + "\"variant\":\"PENTE\",\"timeControl\":\"5+5|3d\",\"startsAt\":\"2026-12-24T18:00:00Z\",\"maxPlayers\":16,"
            + "\"ranking\":\"POINTS_THEN_WINS|WINS_THEN_POINTS\"} (accounts and staff; guests 403)")
    public Response create(CreateRequest request) {
        PlayerRef creator = creator();
        tournaments.requestMade(creator.id());
        if (request == null) {
            throw new BadRequestException("MISSING_BODY", "the body must be JSON like {\"name\":\"Friday Swiss\",\"format\":\"SWISS\",...}");
        }
        TournamentSettings settings = tournaments.settings();
        TournamentSpec spec = TournamentSpec.check(request.name(), request.format(), request.rounds(), request.variant(),
                request.timeControl(), request.startsAt(), request.maxPlayers(), request.ranking(), Contracts.now(),
                settings.minLead(), settings.maxLead());
        Tournament created = tournaments.create(spec, creator);
        return Response.status(201).entity(view(tournaments.detail(created.id()), creator.id())).build();
    }

    @GET
    @PermitAll
    @Operation(summary = "Tournaments: upcoming (open for entries), running, finished or cancelled (the latest 50)")
    public ListView list() {
        Tournaments.Listing listing = tournaments.list();
        return new ListView(listing.upcoming().stream().map(TournamentResource::summary).toList(),
                listing.running().stream().map(TournamentResource::summary).toList(),
                listing.finished().stream().map(TournamentResource::summary).toList());
    }

    @GET
    @Path("/{id}")
    @PermitAll
    @Operation(summary = "A tournament: players, rounds with their pairings, game ids and results, standings (no token needed)")
    public DetailView get(@PathParam("id") String id) {
        Player player = caller.playerOrNull();
        return view(tournaments.detail(checkId(id)), player == null ? null : player.id());
    }

    @POST
    @Path("/{id}/join")
    @RolesAllowed({Caller.PLAYER_ROLE, Caller.GUEST_ROLE})
    @Operation(summary = "Enter before the start (again: no change); 409 TOURNAMENT_FULL or TOURNAMENT_STARTED")
    public DetailView join(@PathParam("id") String id) {
        Player player = caller.player();
        String checked = checkId(id);
        tournaments.requestMade(player.id());
        return view(tournaments.join(checked, player.ref()), player.id());
    }

    @DELETE
    @Path("/{id}/join")
    @RolesAllowed({Caller.PLAYER_ROLE, Caller.GUEST_ROLE})
    @Operation(summary = "Withdraw before the start (not entered: no change)")
    public DetailView leave(@PathParam("id") String id) {
        Player player = caller.player();
        String checked = checkId(id);
        tournaments.requestMade(player.id());
        return view(tournaments.leave(checked, player.id()), player.id());
    }

    @POST
    @Path("/{id}/cancel")
    @Authenticated
    @Operation(summary = "Cancel: staff at any time before the end, the creator before the start. {\"reason\":\"...\"} optional")
    public DetailView cancel(@PathParam("id") String id, CancelRequest request) {
        String checked = checkId(id);
        String reason = request == null || request.reason() == null || request.reason().isBlank() ? "cancelled" : request.reason().strip();
        if (!Ids.isText(reason, 200)) {
            throw new BadRequestException("BAD_REASON", "reason must be 1 to 200 characters without control characters");
        }
        StaffActor staff = staffOrNull();
        if (staff != null) {
            return view(tournaments.cancel(checked, staff.subject(), true, reason), null);
        }
        Player player = caller.player();
        return view(tournaments.cancel(checked, player.id(), false, reason), player.id());
    }

    private PlayerRef creator() {
        StaffActor staff = staffOrNull();
        if (staff != null) {
            return new PlayerRef(staff.subject(), staff.username());
        }
        Player player = caller.player();
        if (!player.hasAccount()) {
            throw ApiException.forbidden("ACCOUNTS_ONLY", "guests may join tournaments but not create them: sign in");
        }
        return player.ref();
    }

    private StaffActor staffOrNull() {
        try {
            return identity.isAnonymous() ? null : staffCaller.staff();
        } catch (ApiException e) {
            return null;
        }
    }

    private static String checkId(String id) {
        if (!Ids.isId(id)) {
            throw new BadRequestException("BAD_TOURNAMENT_ID", "a tournament id is 1 to 64 printable ASCII characters");
        }
        return id;
    }

    private static Summary summary(Tournament t) {
        return new Summary(t.id(), t.name(), t.format().name(), t.variant().name(), t.timeControl(), t.rounds(), t.startsAt(),
                t.maxPlayers(), t.players(), t.ranking().name(), t.status().name(), t.currentRound(), t.createdBy(), t.startedAt(),
                t.finishedAt(), t.cancelReason());
    }

    private DetailView view(Tournaments.Detail detail, String callerId) {
        Tournament t = detail.tournament();
        Map<String, PlayerRef> refs = new HashMap<>();
        List<PlayerRef> players = new ArrayList<>();
        for (Entrant entrant : detail.entrants()) {
            refs.put(entrant.id(), entrant.ref());
            players.add(entrant.ref());
        }
        Map<Integer, List<GameView>> games = new TreeMap<>();
        Map<Integer, PlayerRef> byes = new HashMap<>();
        for (Board board : detail.boards()) {
            List<GameView> round = games.computeIfAbsent(board.round(), r -> new ArrayList<>());
            if (board.bye()) {
                byes.put(board.round(), refs.get(board.whiteId()));
            } else {
                round.add(new GameView(board.board(), board.gameId(), refs.get(board.whiteId()), refs.get(board.blackId()),
                        board.result(), board.reason(), board.whitePoints(), board.blackPoints()));
            }
        }
        List<RoundView> rounds = new ArrayList<>();
        games.forEach((round, list) -> rounds.add(new RoundView(round, list, byes.get(round))));
        List<StandingView> standings = detail.standings().stream().map(line -> new StandingView(line.rank(), refs.get(line.playerId()),
                line.points(), line.wins(), line.draws(), line.losses(), line.byes(), line.played())).toList();
        boolean joined = callerId != null && refs.containsKey(callerId);
        return new DetailView(t.id(), t.name(), t.format().name(), t.variant().name(), t.timeControl(), t.rounds(), t.startsAt(),
                t.maxPlayers(), t.ranking().name(), t.status().name(), t.currentRound(), t.createdBy(), t.startedAt(), t.finishedAt(),
                t.cancelReason(), tournaments.settings().forfeitPoints(), players, joined, rounds, standings);
    }
}

package club.pente.matchmaking.rest;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.PlayerRef;
import club.pente.matchmaking.application.InvitationService;
import club.pente.matchmaking.application.MatchmakingSettings;
import club.pente.matchmaking.application.Player;
import club.pente.matchmaking.application.StoredGame;
import club.pente.matchmaking.application.StoredInvitation;
import club.pente.matchmaking.domain.BadRequestException;
import club.pente.matchmaking.domain.Invitation;
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
import java.util.List;

/** Friend invitations: create (a code and a link), look at, accept (guest or account), cancel. */
@Path("/api/matchmaking/invitations")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({Caller.PLAYER_ROLE, Caller.GUEST_ROLE})
public class InvitationResource {
    /**
     * games &gt; 1 asks for a match with colours alternating and points summed; invitee (optional) an account's
     * username; variant PENTE, KERYO or GOMOKU (any case; absent is PENTE); timeControl a live preset or {@code 3d}.
     */
    public record InvitationRequest(String mode, String timeControl, String color, Integer games, String invitee, String variant) {
    }

    /**
     * status: OPEN, ACCEPTED, CANCELLED, EXPIRED, DECLINED or FAILED; clock the time control in seconds
     * ({@code 300+5}); gameStatus/gameReady/failure once accepted; refusal what accepting would answer the caller.
     */
    public record InvitationView(String code, String link, PlayerRef inviter, String invitee, String mode, String timeControl,
                                 String clock, String color, int games, String status, Instant expiresAt, String gameId,
                                 String matchId, String gameStatus, boolean gameReady, GameReadiness.Failure failure,
                                 String refusal, String variant, boolean turnBased) {
    }

    /** gameStatus PENDING until the game service confirmed the game (then READY): the page waits for gameReady. */
    public record AcceptedView(String code, String gameId, String color, PlayerRef opponent, String matchId, String gameStatus,
                               boolean gameReady, GameReadiness.Failure failure, String variant, String timeControl, boolean turnBased) {
    }

    public record PendingView(List<InvitationView> sent, List<InvitationView> received) {
    }

    private final InvitationService invitations;
    private final Caller caller;
    private final String linkBase;


    public InvitationResource(InvitationService invitations, Caller caller, MatchmakingSettings settings) {
        this.invitations = invitations;
        this.caller = caller;
        this.linkBase = settings.invitation().linkBase();
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Invite a friend: {\"mode\":\"CASUAL\",\"timeControl\":\"10+5 or 3d\",\"variant\":\"PENTE|KERYO|GOMOKU\","
            + "\"color\":\"WHITE|BLACK|RANDOM\",\"games\":1,"
            + "\"invitee\":\"bob\" (optional: only that account may accept; it shows in their lobby)}")
    public Response create(InvitationRequest request) {
        if (request == null) {
            throw new BadRequestException("MISSING_BODY", "the body must be JSON like {\"mode\":\"CASUAL\",\"timeControl\":\"10+5\"}");
        }
        Player inviter = caller.player();
        StoredInvitation row = invitations.create(inviter, request.mode(), request.timeControl(), request.color(),
                request.games(), request.invitee(), request.variant());
        return Response.status(201).entity(view(row, null, null)).build();
    }

    @GET
    @Operation(summary = "Your pending invitations: those you sent and those addressed to you (open, not expired, newest first)")
    public PendingView pending() {
        InvitationService.Pending pending = invitations.pending(caller.player());
        return new PendingView(pending.sent().stream().map(row -> view(row, null, null)).toList(),
                pending.received().stream().map(row -> view(row, null, null)).toList());
    }

    @GET
    @Path("/{code}")
    @PermitAll
    @Operation(summary = "What an invitation offers and whether it can still be accepted")
    public InvitationView get(@PathParam("code") String code) {
        StoredInvitation row = invitations.find(code);
        return view(row, invitations.gameOf(row), InvitationService.refusalFor(row, caller.playerOrNull(), Contracts.now()));
    }

    @POST
    @Path("/{code}/accept")
    @Operation(summary = "Accept an invitation: the game (or the match's first game) is created for both players")
    public AcceptedView accept(@PathParam("code") String code) {
        Player acceptor = caller.player();
        InvitationService.Accepted accepted = invitations.accept(acceptor, code);
        StoredGame game = accepted.game();
        return new AcceptedView(accepted.code(), accepted.gameId(), accepted.color().name(), accepted.opponent(), accepted.matchId(),
                GameReadiness.status(game), GameReadiness.ready(game), GameReadiness.failure(game),
                game == null ? null : game.variant().name(), game == null ? null : game.timeControl(),
                game != null && TimeControlPresets.turnBased(game.timeControl()));
    }

    @POST
    @Path("/{code}/decline")
    @Operation(summary = "Decline an invitation addressed to you; the inviter is told")
    public InvitationView decline(@PathParam("code") String code) {
        return view(invitations.decline(caller.player(), code), null, null);
    }

    @DELETE
    @Path("/{code}")
    @Operation(summary = "Withdraw an invitation nobody accepted yet")
    public Response cancel(@PathParam("code") String code) {
        invitations.cancel(caller.player(), code);
        return Response.noContent().build();
    }

    private InvitationView view(StoredInvitation row, StoredGame game, String refusal) {
        Invitation invitation = row.invitation();
        // Expiry is not stored: an open invitation past its time shows as EXPIRED (and accepting it is refused).
        boolean expired = invitation.status() == Invitation.Status.OPEN && !Contracts.now().isBefore(invitation.expiresAt());
        String status = expired ? "EXPIRED" : invitation.status().name();
        return new InvitationView(invitation.code(), linkBase + invitation.code(), row.inviter(), invitation.invitee(),
                invitation.mode().name(), row.timeControl(), GameReadiness.clock(row.timeControl()), row.color().name(), row.games(),
                status, invitation.expiresAt(), row.gameId(), row.matchId(), GameReadiness.status(game), GameReadiness.ready(game),
                GameReadiness.failure(game), refusal, row.variant().name(), TimeControlPresets.turnBased(row.timeControl()));
    }
}

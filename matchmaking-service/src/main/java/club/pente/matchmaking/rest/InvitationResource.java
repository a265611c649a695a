package club.pente.matchmaking.rest;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.PlayerRef;
import club.pente.matchmaking.application.InvitationService;
import club.pente.matchmaking.application.MatchmakingSettings;
import club.pente.matchmaking.application.StoredInvitation;
import club.pente.matchmaking.domain.BadRequestException;
import club.pente.matchmaking.domain.Invitation;
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

/** Friend invitations: create (a code and a link), look at, accept (guest or account), cancel. */
@Path("/api/matchmaking/invitations")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({Caller.PLAYER_ROLE, Caller.GUEST_ROLE})
public class InvitationResource {
    /** games &gt; 1 asks for a match with colours alternating and points summed. */
    public record InvitationRequest(String mode, String timeControl, String color, Integer games) {
    }

    /** status: OPEN, ACCEPTED, CANCELLED or EXPIRED. */
    public record InvitationView(String code, String link, PlayerRef inviter, String mode, String timeControl, String color,
                                 int games, String status, Instant expiresAt, String gameId, String matchId) {
    }

    public record AcceptedView(String code, String gameId, String color, PlayerRef opponent, String matchId) {
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
    @Operation(summary = "Invite a friend: {\"mode\":\"CASUAL\",\"timeControl\":\"10+5\",\"color\":\"WHITE|BLACK|RANDOM\",\"games\":1}")
    public Response create(InvitationRequest request) {
        if (request == null) {
            throw new BadRequestException("MISSING_BODY", "the body must be JSON like {\"mode\":\"CASUAL\",\"timeControl\":\"10+5\"}");
        }
        StoredInvitation row = invitations.create(caller.player(), request.mode(), request.timeControl(), request.color(),
                request.games());
        return Response.status(201).entity(view(row, Invitation.Status.OPEN.name())).build();
    }

    @GET
    @Path("/{code}")
    @PermitAll
    @Operation(summary = "What an invitation offers and whether it can still be accepted")
    public InvitationView get(@PathParam("code") String code) {
        StoredInvitation row = invitations.find(code);
        Invitation invitation = row.invitation();
        // Expiry is not stored: an open invitation past its time shows as EXPIRED (and accepting it is refused).
        boolean expired = invitation.status() == Invitation.Status.OPEN && !Contracts.now().isBefore(invitation.expiresAt());
        return view(row, expired ? "EXPIRED" : invitation.status().name());
    }

    @POST
    @Path("/{code}/accept")
    @Operation(summary = "Accept an invitation: the game (or the match's first game) is created for both players")
    public AcceptedView accept(@PathParam("code") String code) {
        InvitationService.Accepted accepted = invitations.accept(caller.player(), code);
        return new AcceptedView(accepted.code(), accepted.gameId(), accepted.color().name(), accepted.opponent(), accepted.matchId());
    }

    @DELETE
    @Path("/{code}")
    @Operation(summary = "Withdraw an invitation nobody accepted yet")
    public Response cancel(@PathParam("code") String code) {
        invitations.cancel(caller.player(), code);
        return Response.noContent().build();
    }

    private InvitationView view(StoredInvitation row, String status) {
        Invitation invitation = row.invitation();
        return new InvitationView(invitation.code(), linkBase + invitation.code(), row.inviter(), invitation.mode().name(),
                row.timeControl(), row.color().name(), row.games(), status, invitation.expiresAt(), row.gameId(), row.matchId());
    }
}

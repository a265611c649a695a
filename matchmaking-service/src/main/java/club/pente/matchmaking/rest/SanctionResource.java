package club.pente.matchmaking.rest;

import club.pente.matchmaking.application.SanctionService;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** A player's own sanctions, so that the lobby can say why seeking is refused. */
@Path("/api/matchmaking/sanctions")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({Caller.PLAYER_ROLE, Caller.GUEST_ROLE})
public class SanctionResource {
    private final SanctionService sanctions;
    private final Caller caller;

    public SanctionResource(SanctionService sanctions, Caller caller) {
        this.sanctions = sanctions;
        this.caller = caller;
    }

    @GET
    @Path("/me")
    @Operation(summary = "Whether you are suspended or muted now, until when and why")
    public SanctionViews.OwnView mine() {
        return SanctionViews.own(sanctions.mine(caller.player()));
    }
}

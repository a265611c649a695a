package club.pente.ai.gameclient;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.HttpHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * The game service's hint count, always called with the caller's own token (forwarded), never a service
 * account's: the game service checks the player by it and counts for that player only.
 */
@RegisterRestClient(configKey = "game-service")
@Path("/api/games/{id}/hints")
public interface GameHintsClient {

    /** Reserves one hint: the game service checks the token's player plays this casual game against the computer, on their turn, with hints left. */
    @POST
    Uni<HintReservation> reserve(@PathParam("id") String id, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization);

    /** The token's player's hints in the game: allowed now or why not, used, left, per game. */
    @GET
    Uni<HintStatus> status(@PathParam("id") String id, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization);
}

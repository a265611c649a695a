package club.pente.ai.gameclient;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import java.util.List;

/** The game service's read API: the authoritative position, whenever the computer is asked to move. */
@RegisterRestClient(configKey = "game-service")
@Path("/api/games")
public interface GameServiceClient {

    @GET
    @Path("/{id}")
    Uni<GameSnapshot> game(@PathParam("id") String id);

    /** {@code idle}: also the untimed games nobody moved in for a while, which the lobby's list leaves out. */
    @GET
    Uni<List<GameSnapshot.Summary>> games(@QueryParam("status") String status, @QueryParam("limit") int limit,
                                          @QueryParam("idle") boolean idle);
}

package club.pente.gateway.rest;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** Snapshots and live-game lists from the authority, passed to browsers as they are. */
@RegisterRestClient(configKey = "game-service")
@Path("/api/games")
public interface GameServiceClient {

    @GET
    @Path("/{id}")
    Uni<JsonNode> game(@PathParam("id") String id);

    @GET
    Uni<JsonNode> games(@QueryParam("status") String status, @QueryParam("limit") int limit);
}

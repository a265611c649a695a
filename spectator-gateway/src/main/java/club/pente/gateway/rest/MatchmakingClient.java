package club.pente.gateway.rest;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** The lobby numbers matchmaking keeps (players searching). */
@RegisterRestClient(configKey = "matchmaking-service")
@Path("/api/matchmaking")
public interface MatchmakingClient {

    @GET
    @Path("/lobby")
    Uni<JsonNode> lobby();
}

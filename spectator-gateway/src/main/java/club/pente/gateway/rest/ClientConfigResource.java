package club.pente.gateway.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** What the web client needs to know to sign people in (Keycloak realm and public client). */
@Path("/api/config")
@Produces(MediaType.APPLICATION_JSON)
public class ClientConfigResource {
    public record ClientConfig(String keycloakUrl, String clientId) {
    }

    private final ClientConfig config;

    public ClientConfigResource(@ConfigProperty(name = "pente.web.keycloak-url") String keycloakUrl,
                                @ConfigProperty(name = "pente.web.client-id") String clientId) {
        this.config = new ClientConfig(keycloakUrl, clientId);
    }

    @GET
    public ClientConfig config() {
        return config;
    }
}

package club.pente.rating.accounts;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import java.util.List;

/** The two Keycloak calls the player search makes, as Quarkus REST clients (built in {@link KeycloakAccounts}). */
public final class KeycloakApi {
    private KeycloakApi() {
    }

    /** The realm's token endpoint; base URI {@code .../realms/<realm>}. */
    public interface TokenEndpoint {
        @POST
        @Path("/protocol/openid-connect/token")
        @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
        @Produces(MediaType.APPLICATION_JSON)
        Uni<Token> clientCredentials(@FormParam("grant_type") String grantType, @FormParam("client_id") String clientId,
                                     @FormParam("client_secret") String clientSecret);
    }

    /** The realm's Admin REST API; base URI {@code .../admin/realms/<realm>}. */
    public interface Users {
        @GET
        @Path("/users")
        @Produces(MediaType.APPLICATION_JSON)
        Uni<List<User>> search(@HeaderParam("Authorization") String bearer, @QueryParam("search") String search,
                               @QueryParam("max") int max, @QueryParam("briefRepresentation") boolean brief);
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Token(@JsonProperty("access_token") String accessToken, @JsonProperty("expires_in") long expiresIn) {
    }

    /** A user as the brief representation has it (the fields read here). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record User(String id, String username, Boolean enabled, Long createdTimestamp) {
    }
}

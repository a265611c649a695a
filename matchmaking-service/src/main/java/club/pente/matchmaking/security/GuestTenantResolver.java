package club.pente.matchmaking.security;

import club.pente.core.identity.GuestTokens;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.oidc.TenantResolver;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Base64;

/**
 * Picks the OIDC tenant that verifies a bearer token: {@code guest} (the platform's guest key) when the
 * token says it was issued by {@value GuestTokens#ISSUER}, Keycloak otherwise. Only routing: the chosen
 * tenant still verifies signature, issuer and expiry, so a token that lies about its issuer is refused.
 */
@ApplicationScoped
public class GuestTenantResolver implements TenantResolver {
    public static final String GUEST_TENANT = "guest";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public String resolve(RoutingContext context) {
        String header = context.request().getHeader("Authorization");
        return GuestTokens.ISSUER.equals(issuer(header)) ? GUEST_TENANT : null;
    }

    static String issuer(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        String[] parts = authorization.substring(7).trim().split("\\.");
        if (parts.length != 3) {
            return null;
        }
        try {
            JsonNode claims = JSON.readTree(Base64.getUrlDecoder().decode(parts[1]));
            return claims.path("iss").asText(null);
        } catch (Exception e) {
            return null;
        }
    }
}

package club.pente.identity;

import club.pente.core.identity.GuestClaims;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.oidc.TenantResolver;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Base64;

/**
 * Picks the OIDC tenant that verifies a bearer token: {@value #GUEST_TENANT} when the token says it was
 * issued by {@value GuestClaims#ISSUER}, the default tenant (Keycloak) otherwise. Only routing, read from
 * the unverified payload: the chosen tenant then verifies signature, issuer, audience, algorithm and
 * expiry, and {@link GuestClaimsValidator} the subject and roles, so a token that lies is refused.
 *
 * <p>How a service adopts guest tokens: depend on {@code club.pente:pente-identity} (it brings this
 * resolver, the validator and the pinned {@code quarkus.oidc.guest.*} tenant config from its
 * {@code META-INF/microprofile-config.properties}), pass {@code PENTE_GUEST_PUBLIC_KEY} (the tests get it
 * from pente-test-infra's test resources and {@code ServiceProperties}, {@code ./pente up} from
 * deploy), and allow the role {@value GuestClaims#ROLE} where guests may call. The service must have no
 * TenantResolver of its own. Guest test tokens: {@code DemoTokens.guestToken(name)}.
 */
@ApplicationScoped
public class GuestTenantResolver implements TenantResolver {
    public static final String GUEST_TENANT = "guest";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Takes the key config so that a service without PENTE_GUEST_PUBLIC_KEY stops at startup, saying so. */
    public GuestTenantResolver(GuestKeyConfig requiredKey) {
    }

    @Override
    public String resolve(RoutingContext context) {
        return isGuestIssued(bearer(context.request().getHeader("Authorization"))) ? GUEST_TENANT : null;
    }

    /** Whether the token's (unverified) issuer is the guest issuer: only for routing to the guest tenant. */
    public static boolean isGuestIssued(String token) {
        return GuestClaims.ISSUER.equals(unverifiedIssuer(token));
    }

    static String bearer(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        return authorization.substring(7).trim();
    }

    static String unverifiedIssuer(String token) {
        if (token == null || token.length() > 16_384) {
            return null;
        }
        String[] parts = token.split("\\.");
        if (parts.length != 3) {
            return null;
        }
        try {
            JsonNode claims = JSON.readTree(Base64.getUrlDecoder().decode(parts[1]));
            JsonNode iss = claims.path("iss");
            return iss.isTextual() ? iss.asText() : null;
        } catch (Exception e) {
            return null;
        }
    }
}

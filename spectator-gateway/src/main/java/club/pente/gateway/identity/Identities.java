package club.pente.gateway.identity;

import club.pente.core.contract.Contracts;
import club.pente.core.identity.GuestTokens;
import club.pente.core.identity.InvalidGuestTokenException;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.oidc.AccessTokenCredential;
import io.quarkus.oidc.TenantIdentityProvider;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.jwt.JsonWebToken;

import java.time.Instant;
import java.util.Base64;
import java.util.HashSet;
import java.util.Set;

/**
 * Verifies the bearer tokens browsers present on sockets: Keycloak access tokens (through Quarkus OIDC,
 * signature, issuer and expiry checked against the realm) and the platform's guest tokens. The identity
 * that comes out is the only one the gateway ever puts into a command.
 */
@ApplicationScoped
public class Identities {
    private final TenantIdentityProvider keycloak;
    private final GuestKeys guestKeys;

    public Identities(TenantIdentityProvider keycloak, GuestKeys guestKeys) {
        this.keycloak = keycloak;
        this.guestKeys = guestKeys;
    }

    public Uni<Identity> verify(String token) {
        if (token == null || token.isBlank()) {
            return Uni.createFrom().failure(new SecurityException("no token"));
        }
        if (GuestTokens.ISSUER.equals(unverifiedIssuer(token))) {
            try {
                GuestTokens.Guest guest = GuestTokens.verify(guestKeys.publicKey(), token, Instant.now());
                return Uni.createFrom().item(new Identity(guest.id(), guest.name(), Set.of(GuestTokens.ROLE), true, guest.expiresAt()));
            } catch (InvalidGuestTokenException e) {
                return Uni.createFrom().failure(new SecurityException(e.getMessage()));
            }
        }
        return keycloak.authenticate(new AccessTokenCredential(token))
                .onFailure().transform(failure -> new SecurityException("invalid token: " + failure.getMessage()))
                .map(identity -> {
                    JsonWebToken jwt = (JsonWebToken) identity.getPrincipal();
                    String name = jwt.getClaim("preferred_username");
                    return new Identity(jwt.getSubject(), name == null ? jwt.getSubject() : name,
                            new HashSet<>(identity.getRoles()), false, Instant.ofEpochSecond(jwt.getExpirationTime()));
                });
    }

    private static String unverifiedIssuer(String token) {
        String[] parts = token.split("\\.");
        if (parts.length != 3) {
            return null;
        }
        try {
            JsonNode claims = Contracts.json().readTree(Base64.getUrlDecoder().decode(parts[1]));
            return claims.path("iss").asText(null);
        } catch (Exception e) {
            return null;
        }
    }
}

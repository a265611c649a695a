package club.pente.gateway.identity;

import club.pente.identity.GuestTenantResolver;
import io.quarkus.oidc.AccessTokenCredential;
import io.quarkus.oidc.Tenant;
import io.quarkus.oidc.TenantIdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.jwt.JsonWebToken;

import java.time.Instant;
import java.util.HashSet;

/**
 * Verifies the bearer tokens browsers present on sockets, through Quarkus OIDC like every service does
 * over HTTP: Keycloak access tokens (default tenant: signature, issuer, audience pente-services, expiry)
 * and the platform's guest tokens (pente-identity's guest tenant: signature, issuer, audience, RS256,
 * expiry, and only guest subjects with only the guest role). The identity that comes out is the only
 * one the gateway ever puts into a command.
 */
@ApplicationScoped
public class Identities {
    private final TenantIdentityProvider keycloak;
    private final TenantIdentityProvider guests;

    public Identities(TenantIdentityProvider keycloak, @Tenant(GuestTenantResolver.GUEST_TENANT) TenantIdentityProvider guests) {
        this.keycloak = keycloak;
        this.guests = guests;
    }

    public Uni<Identity> verify(String token) {
        if (token == null || token.isBlank()) {
            return Uni.createFrom().failure(new SecurityException("no token"));
        }
        boolean guest = GuestTenantResolver.isGuestIssued(token);
        return (guest ? guests : keycloak).authenticate(new AccessTokenCredential(token))
                .onFailure().transform(failure -> new SecurityException("invalid token: " + failure.getMessage()))
                .map(identity -> identity(identity, guest));
    }

    private static Identity identity(SecurityIdentity identity, boolean guest) {
        JsonWebToken jwt = (JsonWebToken) identity.getPrincipal();
        String name = jwt.getClaim("preferred_username");
        return new Identity(jwt.getSubject(), name == null ? jwt.getSubject() : name, new HashSet<>(identity.getRoles()), guest,
                Instant.ofEpochSecond(jwt.getExpirationTime()));
    }
}

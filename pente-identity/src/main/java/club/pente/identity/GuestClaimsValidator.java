package club.pente.identity;

import club.pente.core.identity.GuestClaims;
import io.quarkus.arc.Unremovable;
import io.quarkus.oidc.TenantFeature;
import jakarta.enterprise.context.ApplicationScoped;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;
import org.jose4j.jwt.consumer.JwtContext;
import org.jose4j.jwt.consumer.Validator;

import java.util.List;
import java.util.Map;

/**
 * Part of the guest tenant's token verification (after the signature holds): a guest-issuer token names
 * a {@code guest:<id>} subject and carries only the role {@value GuestClaims#ROLE}, else it is refused
 * (401) like a bad signature. Without this, whoever holds the guest key could speak for any account.
 */
@ApplicationScoped
@Unremovable
@TenantFeature(GuestTenantResolver.GUEST_TENANT)
public class GuestClaimsValidator implements Validator {
    private static final List<String> OTHER_ROLE_CLAIMS = List.of("groups", "roles", "resource_access");

    @Override
    public String validate(JwtContext context) throws MalformedClaimException {
        return violation(context.getJwtClaims());
    }

    static String violation(JwtClaims claims) throws MalformedClaimException {
        Object realmAccess = claims.getClaimValue("realm_access");
        Object roles = realmAccess instanceof Map<?, ?> map ? map.get("roles") : null;
        boolean otherRoleClaims = OTHER_ROLE_CLAIMS.stream().anyMatch(claims::hasClaim)
                || realmAccess instanceof Map<?, ?> map && map.size() != 1;
        String subject = claims.getClaimValue("sub") instanceof String s ? s : null;
        return GuestClaims.violation(subject, roles instanceof List<?> list ? list : null, otherRoleClaims);
    }
}

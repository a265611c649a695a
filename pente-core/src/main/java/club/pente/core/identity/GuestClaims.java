package club.pente.core.identity;

import club.pente.core.contract.Ids;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What a platform guest token says, in one place for the gateway that signs it, every service that
 * verifies it and the tests: issuer {@value #ISSUER}, audience {@value #AUDIENCE}, subject
 * {@code guest:<uuid>}, the name people see, and only the realm role {@value #ROLE} in Keycloak's claim
 * layout ({@code realm_access.roles}), signed RS256. No signing or verifying code lives here: the gateway
 * signs with SmallRye JWT, services verify with Quarkus OIDC (module pente-identity).
 */
public final class GuestClaims {
    public static final String ISSUER = "pente-guest";
    public static final String AUDIENCE = "pente-club";
    public static final String ROLE = "guest";
    public static final String SUBJECT_PREFIX = "guest:";
    public static final String ALGORITHM = "RS256";
    public static final String KEY_ID = "pente-guest";

    private GuestClaims() {
    }

    /** A fresh guest id, {@code guest:<uuid>}. */
    public static String newGuestId() {
        return SUBJECT_PREFIX + UUID.randomUUID();
    }

    /** The claims of a guest token for {@code guestId}, valid from {@code issuedAt} for {@code lifetime}. */
    public static Map<String, Object> claims(String guestId, String name, Instant issuedAt, Duration lifetime) {
        String refused = subjectViolation(guestId);
        if (refused != null) {
            throw new IllegalArgumentException(refused);
        }
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("iss", ISSUER);
        claims.put("aud", AUDIENCE);
        claims.put("sub", guestId);
        claims.put("preferred_username", name);
        claims.put("iat", issuedAt.getEpochSecond());
        claims.put("exp", issuedAt.plus(lifetime).getEpochSecond());
        claims.put("realm_access", Map.of("roles", List.of(ROLE)));
        return claims;
    }

    /**
     * Why a token from the guest issuer must be refused although its signature holds, or null: its
     * subject is not {@code guest:<id>} (a guest key must never speak for an account) or it claims any
     * role besides {@value #ROLE}, anywhere a service might read roles from.
     */
    public static String violation(String subject, Collection<?> realmRoles, boolean hasOtherRoleClaims) {
        String refused = subjectViolation(subject);
        if (refused != null) {
            return refused;
        }
        if (realmRoles == null || !List.of(ROLE).equals(List.copyOf(realmRoles))) {
            return "a guest token carries exactly the role " + ROLE;
        }
        if (hasOtherRoleClaims) {
            return "a guest token carries no roles outside realm_access";
        }
        return null;
    }

    private static String subjectViolation(String subject) {
        if (subject == null || !subject.startsWith(SUBJECT_PREFIX) || subject.length() == SUBJECT_PREFIX.length()
                || !Ids.isPlayerId(subject)) {
            return "a guest token names a guest:<id> subject";
        }
        return null;
    }
}

package club.pente.core.contract;

import java.util.Collection;
import java.util.Optional;

/**
 * The club's staff, as Keycloak realm roles in a verified access token. {@code admin} includes {@code moderator}
 * (in the realm it is a composite role, and the services treat it so even when a token lists only {@code admin}).
 */
public enum StaffRole {
    MODERATOR("moderator"), ADMIN("admin");

    private final String realmRole;

    StaffRole(String realmRole) {
        this.realmRole = realmRole;
    }

    /** The realm role's name in the token's {@code realm_access.roles}. */
    public String realmRole() {
        return realmRole;
    }

    /** Whether a holder of this role may do what {@code required} may. */
    public boolean includes(StaffRole required) {
        return this == ADMIN || required == MODERATOR;
    }

    /** The highest staff role among a token's realm roles, none for a player or a guest. */
    public static Optional<StaffRole> highest(Collection<String> realmRoles) {
        if (realmRoles.contains(ADMIN.realmRole)) {
            return Optional.of(ADMIN);
        }
        return realmRoles.contains(MODERATOR.realmRole) ? Optional.of(MODERATOR) : Optional.empty();
    }
}

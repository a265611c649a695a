package club.pente.core.contract;

import java.util.Objects;

/**
 * Who did a staff action, as the verified token proves it: the Keycloak subject, its {@code preferred_username}
 * and the highest staff role it holds. Carried by staff commands and written into every audit entry.
 */
public record StaffActor(String subject, String username, StaffRole role) {
    public StaffActor {
        Ids.requirePlayerId(subject, "staff subject");
        Ids.requireText(username, Ids.MAX_NAME, "staff username");
        Objects.requireNonNull(role, "staff role is required");
    }

    /** A moderator may not do what needs an admin. */
    public boolean may(StaffRole required) {
        return role.includes(required);
    }
}

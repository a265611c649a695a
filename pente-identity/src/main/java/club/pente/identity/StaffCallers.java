package club.pente.identity;

import club.pente.core.contract.Ids;
import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;
import io.quarkus.security.identity.SecurityIdentity;
import org.eclipse.microprofile.jwt.JsonWebToken;

import java.util.Optional;

/**
 * The staff member a verified Keycloak access token proves, the one way every service reads it: subject,
 * {@code preferred_username} and the highest of the realm roles {@code admin} and {@code moderator}. A guest token
 * never carries those roles (the guest tenant refuses any role but {@code guest}), so a guest is never staff.
 */
public final class StaffCallers {
    private StaffCallers() {
    }

    public static Optional<StaffActor> of(SecurityIdentity identity, JsonWebToken token) {
        if (identity == null || identity.isAnonymous() || token == null || token.getSubject() == null) {
            return Optional.empty();
        }
        Optional<StaffRole> role = StaffRole.highest(identity.getRoles());
        if (role.isEmpty() || !Ids.isPlayerId(token.getSubject()) || token.getSubject().startsWith("guest:")) {
            return Optional.empty();
        }
        String username = token.getClaim("preferred_username");
        if (username == null || !Ids.isText(username, Ids.MAX_NAME)) {
            username = token.getSubject();
        }
        return Optional.of(new StaffActor(token.getSubject(), username, role.get()));
    }
}

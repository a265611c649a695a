package club.pente.matchmaking.rest;

import club.pente.core.contract.StaffActor;
import club.pente.identity.StaffCallers;
import club.pente.kit.rest.ApiException;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.enterprise.context.RequestScoped;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** The staff member this request's verified token proves (moderator or admin), or 403 STAFF_ONLY for anyone else. */
@RequestScoped
public class StaffCaller {
    private final SecurityIdentity identity;
    private final JsonWebToken token;

    public StaffCaller(SecurityIdentity identity, JsonWebToken token) {
        this.identity = identity;
        this.token = token;
    }

    public StaffActor staff() {
        return StaffCallers.of(identity, token).orElseThrow(
                () -> ApiException.forbidden("STAFF_ONLY", "only moderators and admins (Keycloak realm roles) may do this"));
    }
}

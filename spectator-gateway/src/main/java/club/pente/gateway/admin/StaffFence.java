package club.pente.gateway.admin;

import club.pente.core.contract.StaffRole;
import club.pente.gateway.identity.Identity;
import club.pente.gateway.http.ClientAddress;
import club.pente.gateway.quota.Callers;
import club.pente.gateway.quota.Quotas;
import io.vertx.core.http.HttpServerRequest;
import club.pente.kit.rest.ApiError;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

import java.util.Optional;

/**
 * The gateway's first fence before any staff endpoint, its own or forwarded: the caller's verified token must
 * carry the realm role needed ({@code admin} includes {@code moderator}). The service that owns the data checks
 * again; this only keeps players' and strangers' calls away from the staff endpoints altogether.
 */
@ApplicationScoped
public class StaffFence {
    private final Callers callers;
    private final Quotas quotas;

    public StaffFence(Callers callers, Quotas quotas) {
        this.callers = callers;
        this.quotas = quotas;
    }

    /** The staff member, or the refusal to answer instead. */
    public record Checked(Identity staff, StaffRole role, Response refusal) {
        public boolean allowed() {
            return refusal == null;
        }
    }

    /**
     * For the gateway's own staff endpoints: within the caller's address and identity quotas like every API call
     * (each of these asks several services), then the role.
     */
    public Uni<Checked> check(HttpServerRequest request, String authorization, StaffRole required) {
        if (!quotas.apiPerAddress().tryAcquire(ClientAddress.of(request))) {
            return Uni.createFrom().item(new Checked(null, null, tooMany(quotas.apiPerAddress().retryAfterSeconds(),
                    "too many requests from this address")));
        }
        return callers.verified(authorization).map(caller -> {
            if (caller.isPresent() && !quotas.apiPerIdentity().tryAcquire(caller.get().id())) {
                return new Checked(caller.get(), null, tooMany(quotas.apiPerIdentity().retryAfterSeconds(),
                        "too many requests from this player"));
            }
            return decide(caller, required);
        });
    }

    private static Response tooMany(long retryAfter, String message) {
        return Response.fromResponse(ApiError.response(429, "TOO_MANY_REQUESTS", message)).header("Retry-After", retryAfter).build();
    }

    /** No verified identity: 401; a guest or a player: 403 STAFF_ONLY; a moderator where an admin is needed: 403 ADMIN_ONLY. */
    public static Checked decide(Optional<Identity> caller, StaffRole required) {
        if (caller.isEmpty()) {
            return new Checked(null, null, ApiError.challenge("a staff member's Keycloak access token is required"));
        }
        Identity identity = caller.get();
        Optional<StaffRole> role = identity.guest() || identity.id().startsWith("guest:") ? Optional.empty()
                : StaffRole.highest(identity.roles());
        if (role.isEmpty()) {
            return new Checked(identity, null, ApiError.response(403, "STAFF_ONLY", "only moderators and admins may do this"));
        }
        if (!role.get().includes(required)) {
            return new Checked(identity, role.get(), ApiError.response(403, "ADMIN_ONLY", "only admins may do this"));
        }
        return new Checked(identity, role.get(), null);
    }
}

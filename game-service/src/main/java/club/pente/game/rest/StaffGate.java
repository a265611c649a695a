package club.pente.game.rest;

import club.pente.core.contract.Ids;
import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;
import club.pente.identity.StaffCallers;
import club.pente.kit.rest.ApiException;
import io.quarkus.security.identity.SecurityIdentity;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * The staff checks of the game service's REST edge, from the verified token only: 401 without one, 403
 * STAFF_ONLY for a player or a guest, 403 ADMIN_ONLY for a moderator on what needs an admin; and the
 * validation every staff body shares (the reason).
 */
final class StaffGate {
    private StaffGate() {
    }

    static StaffActor require(SecurityIdentity identity, JsonWebToken token, StaffRole least) {
        if (identity.isAnonymous()) {
            throw new ApiException(401, "UNAUTHENTICATED", "a bearer token is required");
        }
        StaffActor staff = StaffCallers.of(identity, token).orElseThrow(
                () -> ApiException.forbidden("STAFF_ONLY", "only moderators and admins (Keycloak realm roles) may do this"));
        if (!staff.may(least)) {
            throw ApiException.forbidden("ADMIN_ONLY", "only admins may do this");
        }
        return staff;
    }

    /** The request's reason: required, 1 to 500 characters, no control characters. */
    static String reason(AbortRequest request) {
        if (request == null || request.reason() == null || request.reason().isBlank()) {
            throw ApiException.badRequest("MISSING_REASON", "the body must be JSON like {\"reason\": \"...\"}");
        }
        if (!Ids.isText(request.reason(), Ids.MAX_REASON)) {
            throw ApiException.badRequest("BAD_REASON",
                    "the reason must be at most " + Ids.MAX_REASON + " characters without control characters");
        }
        return request.reason();
    }

    static String gameId(String id) {
        if (!Ids.isId(id)) {
            throw ApiException.badRequest("BAD_GAME_ID", "a game id is 1 to " + Ids.MAX_ID + " printable ASCII characters");
        }
        return id;
    }
}

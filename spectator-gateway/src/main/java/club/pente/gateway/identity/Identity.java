package club.pente.gateway.identity;

import java.time.Instant;
import java.util.Set;

/**
 * Who is on the other end of a socket, as verified by the gateway, until its token expires: a socket
 * must authenticate again (the client refreshes its token) to keep playing after that.
 */
public record Identity(String id, String name, Set<String> roles, boolean guest, Instant expiresAt) {
    public boolean hasRole(String role) {
        return roles.contains(role);
    }

    public boolean expired(Instant now) {
        return !now.isBefore(expiresAt);
    }
}

package club.pente.gateway.identity;

import java.util.Set;

/** Who is on the other end of a socket or request, as verified by the gateway. */
public record Identity(String id, String name, Set<String> roles, boolean guest) {
    public boolean hasRole(String role) {
        return roles.contains(role);
    }
}

package club.pente.gateway.ws;

import io.quarkus.websockets.next.HttpUpgradeCheck;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/**
 * Browsers send an Origin on every WebSocket handshake; one from a foreign site is refused (403) so that
 * another page cannot drive a player's socket. Clients without an Origin (curl, bots) are let through:
 * they have no ambient credentials to abuse.
 */
@ApplicationScoped
public class OriginCheck implements HttpUpgradeCheck {
    private final List<String> allowed;

    public OriginCheck(SocketSettings settings) {
        this.allowed = List.copyOf(settings.allowedOrigins());
    }

    @Override
    public Uni<CheckResult> perform(HttpUpgradeContext context) {
        String origin = context.httpRequest().getHeader("Origin");
        if (origin == null || allowed.contains(origin)) {
            return CheckResult.permitUpgrade();
        }
        return CheckResult.rejectUpgrade(403);
    }
}

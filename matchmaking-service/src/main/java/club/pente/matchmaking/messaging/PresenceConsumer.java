package club.pente.matchmaking.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.PresenceChanged;
import club.pente.matchmaking.application.LobbyService;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/** Reads the gateways' presence; lobby counts are stored so that every instance sees the same number online. */
@ApplicationScoped
public class PresenceConsumer {
    private static final Logger LOG = Logger.getLogger(PresenceConsumer.class);

    private final LobbyService lobby;

    public PresenceConsumer(LobbyService lobby) {
        this.lobby = lobby;
    }

    @Incoming("presence")
    @Blocking(ordered = true)
    public void onPresence(String payload) {
        PresenceChanged presence;
        try {
            presence = Contracts.json().readValue(payload, PresenceChanged.class);
        } catch (Exception e) {
            LOG.warnf("ignoring unreadable presence: %s", e.getMessage());
            return;
        }
        try {
            lobby.presence(presence);
        } catch (RuntimeException e) {
            LOG.warnf("presence from %s not stored: %s", presence.gatewayId(), e.toString());
        }
    }
}

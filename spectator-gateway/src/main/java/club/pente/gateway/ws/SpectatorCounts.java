package club.pente.gateway.ws;

import club.pente.gateway.presence.Presence;
import club.pente.gateway.ws.protocol.ServerFrame;
import club.pente.gateway.ws.protocol.SocketCodec;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * Spectator counts, coalesced: once per {@code pente.gateway.spectator-count-interval} the local counts of
 * the rooms whose sockets changed are published ({@link Presence}), and each room whose total (here and on
 * other gateways) changed hears it once. A room that n viewers join costs n frames, not n².
 */
@ApplicationScoped
public class SpectatorCounts {
    private static final Logger LOG = Logger.getLogger(SpectatorCounts.class);

    private final GameRooms rooms;
    private final Presence presence;

    public SpectatorCounts(GameRooms rooms, Presence presence) {
        this.rooms = rooms;
        this.presence = presence;
    }

    @Scheduled(every = "${pente.gateway.spectator-count-interval:1s}")
    void announce() {
        rooms.dropIdle();
        for (GameRoom room : rooms.all()) {
            int local = room.spectators();
            if (room.takeCountChanged()) {
                try {
                    presence.publishGame(room.gameId, local, room.playersConnected());
                } catch (RuntimeException e) {
                    room.countChangedAgain(); // Kafka refused it for now: the next tick tries again, the other rooms go on
                    LOG.debugf("presence not published: %s", e.getMessage());
                }
            }
            int total = presence.spectators(room.gameId, local);
            if (room.spectatorCountChanged(total)) {
                String frame = SocketCodec.encode(new ServerFrame.Spectators(total));
                for (Viewer viewer : room.viewers()) {
                    viewer.send(frame);
                }
            }
        }
    }
}

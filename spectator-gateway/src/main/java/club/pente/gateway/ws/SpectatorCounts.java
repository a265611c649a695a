package club.pente.gateway.ws;

import club.pente.gateway.presence.Presence;
import club.pente.gateway.ws.protocol.ServerFrame;
import club.pente.gateway.ws.protocol.SocketCodec;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * Spectator counts and players' presence, coalesced: once per {@code pente.gateway.spectator-count-interval}
 * the local counts of the rooms whose sockets changed are published ({@link Presence}), and again every
 * {@link Presence#REPORT_EVERY_MILLIS} while someone is connected (so that other gateways never take a
 * living report for a dead gateway's); each room whose total (here and on other gateways) changed hears it
 * once, and each room whose players came or went hears the presence frame. A room that n viewers join
 * costs n frames, not n².
 */
@ApplicationScoped
public class SpectatorCounts {
    private static final Logger LOG = Logger.getLogger(SpectatorCounts.class);

    private final GameRooms rooms;
    private final Presence presence;
    private final PlayerPresence players;

    public SpectatorCounts(GameRooms rooms, Presence presence, PlayerPresence players) {
        this.rooms = rooms;
        this.presence = presence;
        this.players = players;
    }

    @Scheduled(every = "${pente.gateway.spectator-count-interval:1s}")
    void announce() {
        rooms.dropIdle();
        long now = System.currentTimeMillis();
        for (GameRoom room : rooms.all()) {
            int local = room.spectators();
            if (room.takeCountChanged() || room.reportDue(now, Presence.REPORT_EVERY_MILLIS)) {
                try {
                    presence.publishGame(room.gameId, local, room.playersHere());
                    room.published(now);
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
            ServerFrame.PlayerPresence seats = players.frame(room, now);
            if (seats != null && room.presenceChanged(seats.white().connected() + "/" + seats.black().connected())) {
                String frame = SocketCodec.encode(seats);
                for (Viewer viewer : room.viewers()) {
                    viewer.send(frame);
                }
            }
        }
    }
}

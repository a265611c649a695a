package club.pente.gateway.ws;

import club.pente.gateway.presence.Presence;
import club.pente.gateway.rest.GameServiceClient;
import club.pente.gateway.ws.protocol.ServerFrame;
import club.pente.gateway.ws.protocol.SocketCodec;
import club.pente.gateway.ws.protocol.SocketKind;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.websockets.next.CloseReason;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How a viewer starts from a snapshot: the room's cached one and the buffered events after it, or one
 * fetched from the game service, once per game at a time and shared by the joins that wait for it
 * ({@link GameRoom#start}). A game that does not exist closes the socket with 4404, a game service that
 * does not answer with 1011; an event stream gets the error and ends.
 */
@ApplicationScoped
public class SnapshotLoader {
    private static final Logger LOG = Logger.getLogger(SnapshotLoader.class);

    private final GameServiceClient games;
    private final Presence presence;
    private final PlayerPresence players;
    private final SocketSender sender;
    private final AtomicLong fetches = new AtomicLong();

    public SnapshotLoader(@RestClient GameServiceClient games, Presence presence, PlayerPresence players, SocketSender sender,
                          MeterRegistry metrics) {
        this.games = games;
        this.presence = presence;
        this.players = players;
        this.sender = sender;
        FunctionCounter.builder("pente.gateway.snapshot.fetches", fetches, AtomicLong::get)
                .description("snapshots asked of the game service (once per game at a time, shared by concurrent joins)")
                .register(metrics);
    }

    /** Sends the room's snapshot and the events after it, fetching the snapshot when the room has none that is still current. */
    void start(GameRoom room, Viewer viewer) {
        GameRoom.Start start = room.start(viewer);
        if (start.snapshot() != null) {
            viewer.start(snapshotFrame(room, viewer, start.snapshot()), start.snapshot().version(), start.events());
            sendPresence(room, viewer);
        } else if (start.fetch()) {
            fetch(room);
        }
    }

    private void fetch(GameRoom room) {
        fetches.incrementAndGet();
        games.game(room.gameId).subscribe().with(game -> {
            room.seats(game.path("white").path("id").asText(), game.path("black").path("id").asText());
            GameRoom.Snapshot snapshot = new GameRoom.Snapshot(game.toString(), game.path("version").asLong());
            GameRoom.Arrived arrived = room.arrived(snapshot);
            for (Viewer viewer : arrived.viewers()) {
                viewer.start(snapshotFrame(room, viewer, snapshot), snapshot.version(), arrived.events());
                sendPresence(room, viewer);
            }
        }, failure -> failed(room, failure instanceof WebApplicationException web ? web.getResponse().getStatus() : 503));
    }

    /** A socket that got its snapshot (or resumed) learns at once whether the players are here. */
    void sendPresence(GameRoom room, Viewer viewer) {
        if (viewer.connection() == null) {
            return; // event streams get the game, not the table's presence
        }
        ServerFrame.PlayerPresence frame = players.frame(room, System.currentTimeMillis());
        if (frame != null) {
            viewer.send(SocketCodec.encode(frame));
        }
    }

    private void failed(GameRoom room, int status) {
        boolean unknown = status == 404;
        String socketFrame = SocketCodec.encode(new ServerFrame.Error(unknown ? "no game with id " + room.gameId
                : "the game service does not answer"));
        CloseReason close = unknown ? new CloseReason(4404, "unknown game") : new CloseReason(1011, "game service unavailable");
        for (Viewer viewer : room.fetchFailed()) {
            if (viewer.connection() == null) {
                viewer.send(SocketCodec.encode(new ServerFrame.Error("no such game or the game service does not answer")));
                viewer.end();
            } else {
                sender.sendThenClose(viewer.connection(), SocketKind.GAME, socketFrame, close);
            }
        }
    }

    /**
     * The snapshot frame for one viewer: the game as fetched, with the running clock brought up to now
     * (the cached view was taken at its {@code asOf}); sockets also get the spectator count.
     */
    private String snapshotFrame(GameRoom room, Viewer viewer, GameRoom.Snapshot snapshot) {
        String game = snapshot.json();
        if (game.contains("\"whiteMillis\"")) {
            game = clocksNow(SocketCodec.tree(game));
        }
        Integer spectators = null;
        if (viewer.connection() != null) {
            spectators = presence.spectators(room.gameId, room.spectators());
            room.countShown(spectators);
        }
        return SocketCodec.encode(new ServerFrame.Snapshot(game, spectators));
    }

    /** The game view with the clock of the side to move reduced by the time since {@code asOf}, and {@code asOf} now. */
    static String clocksNow(JsonNode view) {
        if (!(view instanceof ObjectNode game) || !(game.get("clocks") instanceof ObjectNode clocks)) {
            return view.toString();
        }
        Instant now = Instant.now();
        try {
            Instant asOf = Instant.parse(game.path("asOf").asText());
            long elapsed = Math.max(0, now.toEpochMilli() - asOf.toEpochMilli());
            String running = "ONGOING".equals(game.path("status").asText()) ? game.path("toMove").asText() : "";
            String field = "WHITE".equals(running) ? "whiteMillis" : "BLACK".equals(running) ? "blackMillis" : null;
            if (field != null && clocks.path(field).isNumber()) {
                clocks.put(field, Math.max(0, clocks.path(field).asLong() - elapsed));
            }
            game.put("asOf", now.toString());
        } catch (RuntimeException e) {
            LOG.debugf("snapshot without a readable asOf: %s", e.getMessage());
        }
        return game.toString();
    }

    /** How many snapshots this gateway asked the game service for (metric {@code pente_gateway_snapshot_fetches_total}). */
    public long fetches() {
        return fetches.get();
    }
}

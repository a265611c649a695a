package club.pente.gateway.ws;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MoveRejected;
import club.pente.gateway.presence.Presence;
import club.pente.gateway.rest.GameServiceClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.websockets.next.WebSocketConnection;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The gateway's view of every game it serves: rooms of viewers, recent events for resuming, snapshots
 * from the game service, spectator counts. Every instance receives every game event and serves only
 * its own sockets; counts are summed across instances through {@link Presence}.
 */
@ApplicationScoped
public class GameSockets {
    private static final Logger LOG = Logger.getLogger(GameSockets.class);

    private final Map<String, GameRoom> rooms = new ConcurrentHashMap<>();
    private final Map<String, String> roomOfConnection = new ConcurrentHashMap<>();
    private final GameServiceClient games;
    private final Presence presence;
    private final int resumeBuffer;

    public GameSockets(@RestClient GameServiceClient games, Presence presence,
                       @ConfigProperty(name = "pente.gateway.resume-buffer", defaultValue = "256") int resumeBuffer) {
        this.games = games;
        this.presence = presence;
        this.resumeBuffer = resumeBuffer;
    }

    static String eventMessage(String eventJson) {
        return "{\"type\":\"event\",\"event\":" + eventJson + "}";
    }

    GameRoom room(String gameId) {
        return rooms.computeIfAbsent(gameId, id -> new GameRoom(id, resumeBuffer));
    }

    /**
     * A socket opens on a game: resume from {@code resumeAfter} when the buffer allows, else send a snapshot.
     * {@code anonymousKey} is how it counts as a spectator until it authenticates (its address).
     */
    void join(WebSocketConnection connection, String gameId, Long resumeAfter, String anonymousKey) {
        GameRoom room = room(gameId);
        Viewer viewer = new Viewer(connection, anonymousKey);
        room.add(viewer);
        roomOfConnection.put(connection.id(), gameId);
        // Resuming needs the room to know who plays (a gateway that never sent this game's snapshot
        // does not); otherwise the client gets a fresh snapshot instead.
        List<GameRoom.Versioned> missed = resumeAfter == null || !room.playersKnown() ? null : room.since(resumeAfter);
        if (missed != null) {
            connection.sendText(message("resumed").put("from", resumeAfter).put("events", missed.size()).toString())
                    .subscribe().with(ok -> { }, failure -> { });
            long last = resumeAfter;
            for (GameRoom.Versioned event : missed) {
                connection.sendText(eventMessage(event.json())).subscribe().with(ok -> { }, failure -> { });
                last = event.version();
            }
            viewer.readyAfter(last);
            announceSpectators(room);
            return;
        }
        games.game(gameId).subscribe().with(snapshot -> {
            Set<String> players = new HashSet<>();
            players.add(snapshot.path("white").path("id").asText());
            players.add(snapshot.path("black").path("id").asText());
            room.players(players);
            ObjectNode message = message("snapshot");
            message.set("game", snapshot);
            message.put("spectators", presence.spectators(gameId, room.spectators()));
            connection.sendText(message.toString()).subscribe().with(ok -> { }, failure -> { });
            viewer.readyAfter(snapshot.path("version").asLong());
            announceSpectators(room);
        }, failure -> {
            int status = failure instanceof jakarta.ws.rs.WebApplicationException web ? web.getResponse().getStatus() : 503;
            connection.sendText(message("error").put("message", status == 404 ? "no game with id " + gameId
                            : "the game service does not answer").toString())
                    .subscribe().with(ok -> connection.close(new io.quarkus.websockets.next.CloseReason(
                            status == 404 ? 4404 : 1011, status == 404 ? "unknown game" : "game service unavailable"))
                            .subscribe().with(done -> { }, f -> { }), f -> { });
        });
    }

    void leave(WebSocketConnection connection) {
        String gameId = roomOfConnection.remove(connection.id());
        if (gameId != null) {
            GameRoom room = rooms.get(gameId);
            if (room != null) {
                room.remove(connection.id());
                announceSpectators(room);
            }
        }
    }

    Viewer viewer(WebSocketConnection connection) {
        String gameId = roomOfConnection.get(connection.id());
        if (gameId == null) {
            return null;
        }
        return room(gameId).viewers().stream().filter(v -> v.connectionId().equals(connection.id())).findFirst().orElse(null);
    }

    /** A game event from Kafka: buffered, then sent to this instance's sockets (rejections to the mover only). */
    public void onEvent(GameEvent event, String json) {
        GameRoom room = rooms.get(event.gameId());
        if (event instanceof MoveRejected rejected) {
            if (room != null) {
                for (Viewer viewer : room.viewers()) {
                    if (viewer.identity() != null && viewer.identity().id().equals(rejected.playerId())) {
                        viewer.connection().sendText(message("rejected").set("event", parse(json)).toString())
                                .subscribe().with(ok -> { }, failure -> { });
                    }
                }
            }
            return;
        }
        room = room(event.gameId());
        if (event instanceof GameStarted started) {
            room.players(Set.of(started.white().id(), started.black().id()));
        }
        room.remember(event.version(), json);
        GameRoom.Versioned versioned = new GameRoom.Versioned(event.version(), json);
        for (Viewer viewer : room.viewers()) {
            viewer.offer(versioned);
        }
        for (Consumer<String> stream : room.streams()) {
            stream.accept(json);
        }
    }

    /** Recounts a room's spectators (here and on other gateways) and tells everyone in it when it changed. */
    void announceSpectators(GameRoom room) {
        int local = room.spectators();
        presence.publishGame(room.gameId, local, room.playersConnected());
        int total = presence.spectators(room.gameId, local);
        if (room.spectatorCountChanged(total)) {
            String message = message("spectators").put("count", total).toString();
            for (Viewer viewer : room.viewers()) {
                viewer.connection().sendText(message).subscribe().with(ok -> { }, failure -> { });
            }
        }
    }

    /** Counts on other gateways change too: refresh every room now and then. */
    @Scheduled(every = "2s")
    void refreshCounts() {
        long idle = System.currentTimeMillis() - 10 * 60_000;
        rooms.values().removeIf(room -> room.idleSince(idle));
        rooms.values().forEach(room -> {
            int total = presence.spectators(room.gameId, room.spectators());
            if (room.spectatorCountChanged(total)) {
                String message = message("spectators").put("count", total).toString();
                room.viewers().forEach(v -> v.connection().sendText(message).subscribe().with(ok -> { }, f -> { }));
            }
        });
    }

    public int localSpectators(String gameId) {
        GameRoom room = rooms.get(gameId);
        return room == null ? 0 : room.spectators();
    }

    /** An SSE listener: sees every versioned event of the game until it unsubscribes. */
    public void addStream(String gameId, Consumer<String> listener) {
        room(gameId).addStream(listener);
    }

    public void removeStream(String gameId, Consumer<String> listener) {
        room(gameId).removeStream(listener);
    }

    public static ObjectNode message(String type) {
        return Contracts.json().createObjectNode().put("type", type);
    }

    public static JsonNode parse(String json) {
        try {
            return Contracts.json().readTree(json);
        } catch (Exception e) {
            LOG.debugf("unreadable json: %s", e.getMessage());
            return Contracts.json().createObjectNode();
        }
    }

    Set<String> connectedIdentities() {
        Set<String> keys = new HashSet<>();
        rooms.values().forEach(room -> room.viewers().forEach(v -> keys.add(v.key())));
        return keys;
    }
}

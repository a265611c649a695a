package club.pente.gateway.ws;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MoveRejected;
import club.pente.gateway.identity.Identity;
import club.pente.gateway.presence.Presence;
import club.pente.gateway.rest.GameServiceClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.websockets.next.CloseReason;
import io.quarkus.websockets.next.WebSocketConnection;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The gateway's view of every game it serves: rooms of viewers, recent events for resuming, the
 * snapshot each room fetched from the game service (once per game at a time, shared by concurrent joins,
 * then kept current with the buffered events), spectator counts. Every instance receives every game
 * event and serves only its own sockets; counts are summed across instances through {@link Presence}.
 *
 * <p>Spectator counts are announced at most once per room per {@code pente.gateway.spectator-count-interval}:
 * a room that n viewers join costs n messages, not n².
 */
@ApplicationScoped
public class GameSockets {
    private static final Logger LOG = Logger.getLogger(GameSockets.class);
    private static final long IDLE_MILLIS = 10 * 60_000;

    private final Map<String, GameRoom> rooms = new ConcurrentHashMap<>();
    private final GameServiceClient games;
    private final Presence presence;
    private final int resumeBuffer;
    private final AtomicLong snapshotFetches = new AtomicLong();

    public GameSockets(@RestClient GameServiceClient games, Presence presence,
                       @ConfigProperty(name = "pente.gateway.resume-buffer", defaultValue = "256") int resumeBuffer,
                       MeterRegistry metrics) {
        this.games = games;
        this.presence = presence;
        this.resumeBuffer = resumeBuffer;
        FunctionCounter.builder("pente.gateway.snapshot.fetches", snapshotFetches, AtomicLong::get)
                .description("snapshots asked of the game service (once per game at a time, shared by concurrent joins)")
                .register(metrics);
        Gauge.builder("pente.gateway.game.sockets", rooms, all -> all.values().stream().mapToInt(GameRoom::size).sum())
                .description("game sockets open on this gateway").register(metrics);
        Gauge.builder("pente.gateway.rooms", rooms, Map::size).description("games watched on this gateway").register(metrics);
    }

    /** The game's room, created when needed; touched, so that the idle sweep cannot drop it under a joining socket. */
    GameRoom room(String gameId) {
        return rooms.compute(gameId, (id, room) -> {
            GameRoom current = room != null ? room : new GameRoom(id, resumeBuffer);
            current.touch();
            return current;
        });
    }

    /** True when some socket or stream here watches the game (or did recently): only then are its events read. */
    public boolean watching(String gameId) {
        return gameId != null && rooms.containsKey(gameId);
    }

    /**
     * A socket opens on a game: resume from {@code resumeAfter} when the buffer allows, else send a snapshot.
     * {@code anonymousKey} is how it counts as a spectator until it authenticates (its address).
     */
    void join(WebSocketConnection connection, String gameId, Long resumeAfter, String anonymousKey) {
        GameRoom room = room(gameId);
        Viewer viewer = Viewer.socket(connection, anonymousKey);
        room.add(viewer);
        // Resuming needs the room to know who plays (a gateway that never sent this game's snapshot
        // does not); otherwise the client gets a fresh snapshot instead.
        List<GameRoom.Versioned> missed = resumeAfter == null || !room.playersKnown() ? null : room.since(resumeAfter);
        if (missed != null) {
            viewer.start(message("resumed").put("from", resumeAfter).put("events", missed.size()).toString(), resumeAfter, missed);
            return;
        }
        startWithSnapshot(room, viewer);
    }

    /** Sends the room's snapshot and the events after it, fetching the snapshot when the room has none that is still current. */
    private void startWithSnapshot(GameRoom room, Viewer viewer) {
        GameRoom.Start start = room.start(viewer);
        if (start.snapshot() != null) {
            viewer.start(snapshotMessage(room, viewer, start.snapshot()), start.snapshot().version(), start.events());
        } else if (start.fetch()) {
            fetch(room);
        }
    }

    private void fetch(GameRoom room) {
        snapshotFetches.incrementAndGet();
        games.game(room.gameId).subscribe().with(game -> {
            Set<String> players = new HashSet<>();
            players.add(game.path("white").path("id").asText());
            players.add(game.path("black").path("id").asText());
            room.players(players);
            GameRoom.Snapshot snapshot = new GameRoom.Snapshot(game.toString(), game.path("version").asLong());
            GameRoom.Arrived arrived = room.arrived(snapshot);
            for (Viewer viewer : arrived.viewers()) {
                viewer.start(snapshotMessage(room, viewer, snapshot), snapshot.version(), arrived.events());
            }
        }, failure -> {
            int status = failure instanceof jakarta.ws.rs.WebApplicationException web ? web.getResponse().getStatus() : 503;
            String text = message("error").put("message", status == 404 ? "no game with id " + room.gameId
                    : "the game service does not answer").toString();
            for (Viewer viewer : room.fetchFailed()) {
                if (viewer.connection() == null) {
                    viewer.send(message("error").put("message", "no such game or the game service does not answer").toString());
                    continue;
                }
                WebSocketConnection connection = viewer.connection();
                connection.sendText(text).subscribe().with(ok -> connection.close(new CloseReason(
                                status == 404 ? 4404 : 1011, status == 404 ? "unknown game" : "game service unavailable"))
                        .subscribe().with(done -> { }, f -> { }), f -> { });
            }
        });
    }

    /**
     * The snapshot message for one viewer: the game as fetched, with the running clock brought up to now
     * (the cached view was taken at its {@code asOf}); sockets also get the spectator count.
     */
    private String snapshotMessage(GameRoom room, Viewer viewer, GameRoom.Snapshot snapshot) {
        String game = snapshot.json();
        if (game.contains("\"whiteMillis\"")) {
            game = clocksNow(parse(game));
        }
        StringBuilder message = new StringBuilder(game.length() + 64).append("{\"type\":\"snapshot\",\"game\":").append(game);
        if (viewer.connection() != null) {
            message.append(",\"spectators\":").append(presence.spectators(room.gameId, room.spectators()));
        }
        return message.append('}').toString();
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

    void leave(WebSocketConnection connection) {
        GameRoom room = rooms.get(connection.pathParam("id"));
        if (room != null) {
            room.remove(connection.id());
        }
    }

    Viewer viewer(WebSocketConnection connection) {
        GameRoom room = rooms.get(connection.pathParam("id"));
        return room == null ? null : room.viewer(connection.id());
    }

    /** A viewer proved an identity: it counts as that person from now on. */
    void identify(WebSocketConnection connection, Viewer viewer, Identity identity) {
        room(connection.pathParam("id")).identify(viewer, identity);
    }

    /**
     * A game event from Kafka, for a game watched here: buffered, then sent to this instance's sockets and
     * streams (rejections to the mover only). The message is encoded once for the whole room.
     */
    public void onEvent(GameEvent event, String json) {
        GameRoom room = rooms.get(event.gameId());
        if (room == null) {
            return;
        }
        if (event instanceof MoveRejected rejected) {
            String message = null;
            for (Viewer viewer : room.viewers()) {
                if (viewer.identity() != null && viewer.identity().id().equals(rejected.playerId())) {
                    if (message == null) {
                        ObjectNode node = message("rejected");
                        node.set("event", parse(json));
                        message = node.toString();
                    }
                    viewer.send(message);
                }
            }
            return;
        }
        if (event instanceof GameStarted started) {
            room.players(Set.of(started.white().id(), started.black().id()));
        }
        GameRoom.Versioned versioned = GameRoom.Versioned.of(event.version(), json);
        if (!room.remember(versioned)) {
            return; // a redelivery: every viewer already has it
        }
        for (Viewer viewer : room.audience()) {
            viewer.offer(versioned);
        }
    }

    /**
     * Publishes the local counts of the rooms whose sockets changed, and tells each room's viewers its
     * total (here and on other gateways) when that changed: once per room per interval at most.
     */
    @Scheduled(every = "${pente.gateway.spectator-count-interval:1s}")
    void announceCounts() {
        long idle = System.currentTimeMillis() - IDLE_MILLIS;
        for (String gameId : rooms.keySet()) {
            rooms.computeIfPresent(gameId, (id, room) -> room.idleSince(idle) ? null : room);
        }
        for (GameRoom room : rooms.values()) {
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
                String message = message("spectators").put("count", total).toString();
                for (Viewer viewer : room.viewers()) {
                    viewer.send(message);
                }
            }
        }
    }

    public int localSpectators(String gameId) {
        GameRoom room = rooms.get(gameId);
        return room == null ? 0 : room.spectators();
    }

    /** How many snapshots this gateway asked the game service for (metric {@code pente_gateway_snapshot_fetches_total}). */
    public long snapshotFetches() {
        return snapshotFetches.get();
    }

    /**
     * An event stream: its snapshot (without a spectator count), then every versioned event of the game,
     * as the same messages a socket gets, until {@link #removeStream}.
     */
    public Object addStream(String gameId, Consumer<String> sink) {
        GameRoom room = room(gameId);
        Viewer stream = Viewer.stream("stream:" + Contracts.newId(), sink);
        room.addStream(stream);
        startWithSnapshot(room, stream);
        return stream;
    }

    public void removeStream(String gameId, Object stream) {
        GameRoom room = rooms.get(gameId);
        if (room != null && stream instanceof Viewer viewer) {
            room.removeStream(viewer);
        }
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

    /** The people connected to this gateway's game sockets, each once. */
    Set<String> connectedIdentities() {
        Set<String> keys = new HashSet<>();
        rooms.values().forEach(room -> keys.addAll(room.keys()));
        return keys;
    }
}

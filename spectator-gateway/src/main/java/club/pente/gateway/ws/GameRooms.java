package club.pente.gateway.ws;

import club.pente.gateway.identity.Identity;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.websockets.next.WebSocketConnection;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The games this gateway serves, one {@link GameRoom} each: created when a socket or stream comes,
 * dropped after ten idle minutes ({@link #dropIdle}). Every instance receives every game event and serves
 * only its own rooms.
 */
@ApplicationScoped
public class GameRooms {
    private static final long IDLE_MILLIS = 10 * 60_000;

    private final Map<String, GameRoom> rooms = new ConcurrentHashMap<>();
    private final int resumeBuffer;

    public GameRooms(RoomSettings settings, MeterRegistry metrics) {
        this.resumeBuffer = settings.resumeBuffer();
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

    /** The game's room, or null when nobody here watches it. */
    GameRoom find(String gameId) {
        return rooms.get(gameId);
    }

    /** True when some socket or stream here watches the game (or did recently): only then are its events read. */
    public boolean watching(String gameId) {
        return gameId != null && rooms.containsKey(gameId);
    }

    Collection<GameRoom> all() {
        return rooms.values();
    }

    /** Drops the rooms nobody has watched for ten minutes. */
    void dropIdle() {
        long idle = System.currentTimeMillis() - IDLE_MILLIS;
        for (String gameId : rooms.keySet()) {
            rooms.computeIfPresent(gameId, (id, room) -> room.idleSince(idle) ? null : room);
        }
    }

    Viewer viewer(WebSocketConnection connection) {
        GameRoom room = rooms.get(connection.pathParam("id"));
        return room == null ? null : room.viewer(connection.id());
    }

    void leave(WebSocketConnection connection) {
        GameRoom room = rooms.get(connection.pathParam("id"));
        if (room != null) {
            room.remove(connection.id());
        }
    }

    /** A viewer proved an identity: it counts as that person from now on. */
    void identify(WebSocketConnection connection, Viewer viewer, Identity identity) {
        room(connection.pathParam("id")).identify(viewer, identity);
    }

    /** The people connected to this gateway's game sockets, each once. */
    Set<String> connectedIdentities() {
        Set<String> keys = new HashSet<>();
        rooms.values().forEach(room -> keys.addAll(room.keys()));
        return keys;
    }

    /** Games someone watches on this gateway right now (a socket or an event stream open). */
    public int watchedRooms() {
        return (int) rooms.values().stream().filter(GameRoom::watched).count();
    }

    /** Game sockets open on this gateway (players and spectators; event streams not counted). */
    public int sockets() {
        return rooms.values().stream().mapToInt(GameRoom::size).sum();
    }

    public int localSpectators(String gameId) {
        GameRoom room = rooms.get(gameId);
        return room == null ? 0 : room.spectators();
    }
}

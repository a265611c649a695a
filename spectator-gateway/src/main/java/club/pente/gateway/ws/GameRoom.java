package club.pente.gateway.ws;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One game as this gateway serves it: the recent versioned events (for resuming), who is watching on
 * this instance, and the stream listeners. All access is synchronised on the room.
 */
final class GameRoom {

    record Versioned(long version, String json) {
    }

    final String gameId;
    /** Events kept for resuming; a client further behind gets a fresh snapshot. */
    private final int recentLimit;
    private final Deque<Versioned> recent = new ArrayDeque<>();
    private final Map<String, Viewer> viewers = new LinkedHashMap<>();
    private final List<Consumer<String>> streams = new ArrayList<>();
    private Set<String> players = Set.of();
    private long lastActivity = System.currentTimeMillis();
    private int lastSpectatorCount = -1;

    GameRoom(String gameId, int recentLimit) {
        this.gameId = gameId;
        this.recentLimit = recentLimit;
    }

    synchronized void remember(long version, String json) {
        if (!recent.isEmpty() && version <= recent.peekLast().version()) {
            return; // a redelivery: already seen
        }
        recent.addLast(new Versioned(version, json));
        while (recent.size() > recentLimit) {
            recent.removeFirst();
        }
        lastActivity = System.currentTimeMillis();
    }

    /** The events after {@code version}, or null when the buffer no longer reaches back that far. */
    synchronized List<Versioned> since(long version) {
        if (recent.isEmpty()) {
            return null;
        }
        if (recent.peekFirst().version() > version + 1) {
            return null;
        }
        return recent.stream().filter(v -> v.version() > version).toList();
    }

    synchronized void add(Viewer viewer) {
        viewers.put(viewer.connectionId(), viewer);
        lastActivity = System.currentTimeMillis();
    }

    synchronized void remove(String connectionId) {
        viewers.remove(connectionId);
        lastActivity = System.currentTimeMillis();
    }

    synchronized List<Viewer> viewers() {
        return List.copyOf(viewers.values());
    }

    synchronized void players(Set<String> ids) {
        players = Set.copyOf(ids);
    }

    synchronized boolean playersKnown() {
        return !players.isEmpty();
    }

    synchronized boolean isPlayer(String id) {
        return players.contains(id);
    }

    /** Distinct people watching here who are not playing: a user with three tabs counts once. */
    synchronized int spectators() {
        Set<String> keys = new HashSet<>();
        for (Viewer viewer : viewers.values()) {
            if (!players.contains(viewer.key())) {
                keys.add(viewer.key());
            }
        }
        return keys.size();
    }

    synchronized int playersConnected() {
        Set<String> keys = new HashSet<>();
        for (Viewer viewer : viewers.values()) {
            if (players.contains(viewer.key())) {
                keys.add(viewer.key());
            }
        }
        return keys.size();
    }

    /** True when the count differs from the one last announced. */
    synchronized boolean spectatorCountChanged(int count) {
        boolean changed = count != lastSpectatorCount;
        lastSpectatorCount = count;
        return changed;
    }

    synchronized void addStream(Consumer<String> stream) {
        streams.add(stream);
    }

    synchronized void removeStream(Consumer<String> stream) {
        streams.remove(stream);
    }

    synchronized List<Consumer<String>> streams() {
        return List.copyOf(streams);
    }

    synchronized boolean idleSince(long millis) {
        return viewers.isEmpty() && streams.isEmpty() && lastActivity < millis;
    }
}

package club.pente.gateway.ws;

import club.pente.core.contract.ChatChannel;
import club.pente.gateway.identity.Identity;
import club.pente.gateway.ws.protocol.ServerFrame;
import club.pente.gateway.ws.protocol.SocketCodec;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One game as this gateway serves it: the recent versioned events (for resuming and for serving the
 * cached snapshot), the last snapshot fetched from the game service, who is watching on this instance
 * (sockets and event streams), and the spectator count last announced. All access is synchronised on the room.
 */
final class GameRoom {

    /**
     * An event as every socket gets it, encoded once for the whole room ({@link ServerFrame.Event}). A chat
     * message is encoded twice: in full for its channel's audience, {@code hidden} (without author and text)
     * for the other one, so that every viewer still sees every version.
     */
    record Versioned(long version, String message, ChatChannel channel, String hidden, String chatId) {
        static Versioned of(long version, String eventJson) {
            return new Versioned(version, SocketCodec.encode(new ServerFrame.Event(eventJson)), null, null, null);
        }

        static Versioned chat(long version, String eventJson, ChatChannel channel, String hiddenJson, String chatId) {
            return new Versioned(version, SocketCodec.encode(new ServerFrame.Event(eventJson)), channel,
                    SocketCodec.encode(new ServerFrame.Event(hiddenJson)), chatId);
        }

        /** The same version with the message gone for everyone (staff removed it): only the hidden form is left. */
        Versioned removed(String removedJson) {
            String frame = SocketCodec.encode(new ServerFrame.Event(removedJson));
            return new Versioned(version, frame, channel, frame, chatId);
        }

        /**
         * The frame for a viewer of the players' audience ({@code player}) or the spectators'. A chat message
         * whose channel is unknown is hidden from everyone: redaction fails closed.
         */
        String messageFor(boolean player) {
            if (hidden == null) {
                return message;
            }
            if (channel != null && (channel == ChatChannel.PLAYERS) == player) {
                return message;
            }
            return hidden;
        }
    }

    /** A snapshot from the game service as it answered, with the version it shows. */
    record Snapshot(String json, long version) {
    }

    /** How a viewer starts: a snapshot and the buffered events after it, or it waits for a fetch (and maybe starts one). */
    record Start(Snapshot snapshot, List<Versioned> events, boolean fetch) {
    }

    /** The viewers that waited for a fetched snapshot, and the buffered events after it. */
    record Arrived(List<Viewer> viewers, List<Versioned> events) {
    }

    final String gameId;
    /** Events kept for resuming; a client further behind gets a fresh snapshot. */
    private final int recentLimit;
    private final Deque<Versioned> recent = new ArrayDeque<>();
    private final Map<String, Viewer> viewers = new LinkedHashMap<>();
    private final List<Viewer> streams = new ArrayList<>();
    /** Sockets per key (identity, or address for anonymous ones): counts in O(1) without scanning every viewer. */
    private final Map<String, Integer> sockets = new HashMap<>();
    private Set<String> players = Set.of();
    private String white;
    private String black;
    /** When each player's last socket here closed (their absence, as far as this gateway saw it). */
    private final Map<String, Long> playerLeftAt = new HashMap<>();
    private final long createdAt = System.currentTimeMillis();
    private long lastPublished;
    private String lastPresence = "";
    private long lastActivity = System.currentTimeMillis();
    private int lastSpectatorCount = -1;
    private boolean countChanged;
    private Snapshot snapshot;
    private boolean fetching;
    private List<Viewer> waiting = List.of();

    GameRoom(String gameId, int recentLimit) {
        this.gameId = gameId;
        this.recentLimit = recentLimit;
    }

    /** Keeps an event for resuming; false for a redelivery of one already kept. */
    synchronized boolean remember(Versioned event) {
        lastActivity = System.currentTimeMillis();
        if (!recent.isEmpty() && event.version() <= recent.peekLast().version()) {
            return false;
        }
        recent.addLast(event);
        while (recent.size() > recentLimit) {
            recent.removeFirst();
        }
        return true;
    }

    /**
     * A chat message staff removed: its buffered version keeps only the removed form, so that a socket that
     * resumes or starts from the buffer (and the event stream) never gets its text again.
     */
    synchronized void redact(String chatId, java.util.function.Function<Versioned, String> removedJson) {
        if (recent.stream().noneMatch(event -> chatId.equals(event.chatId()))) {
            return;
        }
        Deque<Versioned> kept = new ArrayDeque<>(recent.size());
        for (Versioned event : recent) {
            kept.addLast(chatId.equals(event.chatId()) ? event.removed(removedJson.apply(event)) : event);
        }
        recent.clear();
        recent.addAll(kept);
    }

    /** The events after {@code version}, or null when the buffer no longer reaches back that far. */
    synchronized List<Versioned> since(long version) {
        if (recent.isEmpty() || recent.peekFirst().version() > version + 1) {
            return null;
        }
        return after(version);
    }

    private List<Versioned> after(long version) {
        List<Versioned> events = new ArrayList<>();
        for (Versioned event : recent) {
            if (event.version() > version) {
                events.add(event);
            }
        }
        return events;
    }

    /**
     * The cached snapshot and the events after it when the buffer still holds all of them (every event
     * after a snapshot reaches the room: the room exists before the snapshot is read); otherwise the
     * viewer waits, and the first waiter of a round is told to fetch, so concurrent joins share one fetch.
     */
    synchronized Start start(Viewer viewer) {
        if (snapshot != null && !fetching) {
            List<Versioned> events = recent.isEmpty() || recent.peekLast().version() <= snapshot.version() ? List.of()
                    : recent.peekFirst().version() > snapshot.version() + 1 ? null : after(snapshot.version());
            if (events != null) {
                return new Start(snapshot, events, false);
            }
        }
        if (waiting.isEmpty()) {
            waiting = new ArrayList<>();
        }
        waiting.add(viewer);
        boolean fetch = !fetching;
        fetching = true;
        return new Start(null, null, fetch);
    }

    /** The fetched snapshot: cached for the joins that follow, and handed to every viewer that waited for it. */
    synchronized Arrived arrived(Snapshot fetched) {
        snapshot = fetched;
        fetching = false;
        List<Viewer> started = waiting;
        waiting = List.of();
        return new Arrived(started, after(fetched.version()));
    }

    /** The fetch failed: the viewers that waited for it, to be told so. */
    synchronized List<Viewer> fetchFailed() {
        fetching = false;
        List<Viewer> failed = waiting;
        waiting = List.of();
        return failed;
    }

    synchronized void add(Viewer viewer) {
        viewers.put(viewer.id(), viewer);
        viewer.player(viewer.identity() != null && players.contains(viewer.identity().id()));
        sockets.merge(viewer.key(), 1, Integer::sum);
        countChanged = true;
        lastActivity = System.currentTimeMillis();
    }

    synchronized void remove(String connectionId) {
        Viewer viewer = viewers.remove(connectionId);
        if (viewer != null) {
            forget(viewer.key());
            stopWaiting(viewer);
        }
        lastActivity = System.currentTimeMillis();
    }

    /** A viewer proved an identity: it now counts under that identity instead of its address. */
    synchronized void identify(Viewer viewer, Identity identity) {
        boolean here = viewers.get(viewer.id()) == viewer;
        if (here) {
            forget(viewer.key());
        }
        viewer.identify(identity);
        viewer.player(players.contains(identity.id()));
        if (here) {
            sockets.merge(viewer.key(), 1, Integer::sum);
        }
        countChanged = true;
    }

    private void forget(String key) {
        sockets.computeIfPresent(key, (k, n) -> n == 1 ? null : n - 1);
        if (players.contains(key) && !sockets.containsKey(key)) {
            playerLeftAt.put(key, System.currentTimeMillis());
        }
        countChanged = true;
    }

    synchronized Viewer viewer(String connectionId) {
        return viewers.get(connectionId);
    }

    /** Every socket and stream that gets this room's events. */
    synchronized List<Viewer> audience() {
        if (streams.isEmpty()) {
            return List.copyOf(viewers.values());
        }
        List<Viewer> all = new ArrayList<>(viewers.size() + streams.size());
        all.addAll(viewers.values());
        all.addAll(streams);
        return all;
    }

    /** Someone is here: a socket or an event stream. */
    synchronized boolean watched() {
        return !viewers.isEmpty() || !streams.isEmpty();
    }

    synchronized int size() {
        return viewers.size();
    }

    synchronized List<Viewer> viewers() {
        return List.copyOf(viewers.values());
    }

    /** Who plays this game (from its snapshot or its GameStarted): their sockets get the players' chat. */
    synchronized void seats(String whiteId, String blackId) {
        white = whiteId;
        black = blackId;
        Set<String> ids = new HashSet<>();
        for (String id : new String[] {whiteId, blackId}) {
            if (id != null && !id.isEmpty()) {
                ids.add(id);
            }
        }
        players = Set.copyOf(ids);
        for (Viewer viewer : viewers.values()) {
            viewer.player(viewer.identity() != null && players.contains(viewer.identity().id()));
        }
        countChanged = true;
    }

    /** White's id, or null before the room knows who plays. */
    synchronized String white() {
        return white;
    }

    synchronized String black() {
        return black;
    }

    synchronized boolean playersKnown() {
        return !players.isEmpty();
    }

    synchronized boolean isPlayer(String id) {
        return players.contains(id);
    }

    /** Distinct people watching here who are not playing: a user with three tabs counts once. */
    synchronized int spectators() {
        return sockets.size() - playersConnected();
    }

    synchronized int playersConnected() {
        int connected = 0;
        for (String player : players) {
            if (sockets.containsKey(player)) {
                connected++;
            }
        }
        return connected;
    }

    /** The players of this game with a socket here. */
    synchronized List<String> playersHere() {
        List<String> here = new ArrayList<>(2);
        for (String player : players) {
            if (sockets.containsKey(player)) {
                here.add(player);
            }
        }
        return here;
    }

    synchronized boolean connectedHere(String playerId) {
        return sockets.containsKey(playerId);
    }

    /**
     * The latest moment this gateway knows the player was here: when their last socket here closed, else
     * when the room was made (a player never seen counts as absent from then: the safe side for a claim).
     */
    synchronized long lastSeenHere(String playerId) {
        return Math.max(createdAt, playerLeftAt.getOrDefault(playerId, 0L));
    }

    /** True when the room's presence report is due again ({@code everyMillis} since the last one) while someone is here. */
    synchronized boolean reportDue(long now, long everyMillis) {
        return !sockets.isEmpty() && now - lastPublished >= everyMillis;
    }

    synchronized void published(long now) {
        lastPublished = now;
    }

    /** True when the players' presence (as {@code state} sums it up) differs from the one last announced. */
    synchronized boolean presenceChanged(String state) {
        boolean changed = !state.equals(lastPresence);
        lastPresence = state;
        return changed;
    }

    /**
     * A snapshot went out with this spectator count: when the room last announced another one, the next
     * announcement must go out even if the count is back to that (a socket that counted itself in its
     * snapshot, then signed in as a player, would keep showing itself).
     */
    synchronized void countShown(int count) {
        if (count != lastSpectatorCount) {
            lastSpectatorCount = -1;
        }
    }

    /** The keys of the people connected here (identities, or addresses for anonymous sockets). */
    synchronized Set<String> keys() {
        return Set.copyOf(sockets.keySet());
    }

    /** True once after sockets came, went or signed in: the local count is to be published again. */
    synchronized boolean takeCountChanged() {
        boolean changed = countChanged;
        countChanged = false;
        return changed;
    }

    synchronized void countChangedAgain() {
        countChanged = true;
    }

    /** True when the count differs from the one last announced. */
    synchronized boolean spectatorCountChanged(int count) {
        boolean changed = count != lastSpectatorCount;
        lastSpectatorCount = count;
        return changed;
    }

    synchronized void addStream(Viewer stream) {
        streams.add(stream);
        lastActivity = System.currentTimeMillis();
    }

    synchronized void removeStream(Viewer stream) {
        streams.remove(stream);
        stopWaiting(stream);
        lastActivity = System.currentTimeMillis();
    }

    /** {@code waiting} is an immutable empty list while no fetch runs, which refuses even removing nothing. */
    private void stopWaiting(Viewer viewer) {
        if (!waiting.isEmpty()) {
            waiting.remove(viewer);
        }
    }

    synchronized void touch() {
        lastActivity = System.currentTimeMillis();
    }

    synchronized boolean idleSince(long millis) {
        return viewers.isEmpty() && streams.isEmpty() && waiting.isEmpty() && lastActivity < millis;
    }
}

package club.pente.gateway.ws;

import club.pente.gateway.identity.Identity;
import club.pente.gateway.ws.protocol.SocketKind;
import io.quarkus.websockets.next.WebSocketConnection;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * One socket (or event stream) watching a game. Until its snapshot (or resumed events) went out, live
 * events wait in {@code pending} so that nothing is lost or repeated between the snapshot and the
 * stream; the list exists only while it waits. Frames are the room's, encoded once for every viewer;
 * a socket's go out through {@link SocketSender}.
 */
final class Viewer {
    private final String id;
    private final WebSocketConnection connection;
    private final Consumer<String> sink;
    private final Runnable end;
    private final String anonymousKey;
    private volatile Identity identity;
    /** True when the identity plays this game: the players' chat in full, the spectators' hidden (and vice versa). */
    private volatile boolean player;
    private boolean ready;
    private long sentVersion;
    private List<GameRoom.Versioned> pending;

    private Viewer(String id, WebSocketConnection connection, Consumer<String> sink, Runnable end, String anonymousKey) {
        this.id = id;
        this.connection = connection;
        this.sink = sink;
        this.end = end;
        this.anonymousKey = anonymousKey;
    }

    static Viewer socket(WebSocketConnection connection, String anonymousKey, SocketSender sender) {
        return new Viewer(connection.id(), connection, text -> sender.send(connection, SocketKind.GAME, text), () -> { },
                anonymousKey);
    }

    /** An event stream (server-sent events): gets the same frames, counts as nobody; {@code end} ends it. */
    static Viewer stream(String id, Consumer<String> sink, Runnable end) {
        return new Viewer(id, null, sink, end, id);
    }

    String id() {
        return id;
    }

    /** The socket, or null for an event stream. */
    WebSocketConnection connection() {
        return connection;
    }

    /** The identity once authenticated; anonymous viewers are counted once per address. */
    String key() {
        Identity id = identity;
        return id != null ? id.id() : anonymousKey;
    }

    Identity identity() {
        return identity;
    }

    /** Only through {@link GameRoom#identify}, which recounts. */
    void identify(Identity identity) {
        this.identity = identity;
    }

    /** Only through {@link GameRoom}, which knows who plays. */
    void player(boolean player) {
        this.player = player;
    }

    boolean player() {
        return player;
    }

    void send(String frame) {
        sink.accept(frame);
    }

    /** An event stream ends here (after an error frame); a socket is closed by its owner with a code instead. */
    void end() {
        end.run();
    }

    /** Delivers a versioned event now, or keeps it until the snapshot has gone out. */
    synchronized void offer(GameRoom.Versioned event) {
        if (!ready) {
            if (pending == null) {
                pending = new ArrayList<>(4);
            }
            pending.add(event);
        } else if (event.version() > sentVersion) {
            sentVersion = event.version();
            send(event.messageFor(player));
        }
    }

    /**
     * Sends {@code first} (a snapshot, or the resumed notice), then the events after {@code version},
     * then whatever arrived meanwhile, each version once and in order.
     */
    synchronized void start(String first, long version, List<GameRoom.Versioned> events) {
        send(first);
        sentVersion = version;
        ready = true;
        for (GameRoom.Versioned event : events) {
            offer(event);
        }
        if (pending != null) {
            for (GameRoom.Versioned event : pending) {
                offer(event);
            }
            pending = null;
        }
    }
}

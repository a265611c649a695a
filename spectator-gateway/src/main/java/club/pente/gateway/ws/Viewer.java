package club.pente.gateway.ws;

import club.pente.gateway.identity.Identity;
import io.quarkus.websockets.next.WebSocketConnection;

import java.util.ArrayList;
import java.util.List;

/**
 * One socket watching a game. Until its snapshot is sent, live events wait in {@code pending} so that
 * nothing is lost or repeated between the snapshot and the stream.
 */
final class Viewer {
    private final WebSocketConnection connection;
    private final String anonymousKey;
    private volatile Identity identity;
    private boolean ready;
    private long sentVersion;
    private final List<GameRoom.Versioned> pending = new ArrayList<>();

    Viewer(WebSocketConnection connection, String anonymousKey) {
        this.connection = connection;
        this.anonymousKey = anonymousKey;
    }

    String connectionId() {
        return connection.id();
    }

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

    void identify(Identity identity) {
        this.identity = identity;
    }

    /** Delivers a versioned event now, or keeps it until the snapshot has gone out. */
    synchronized void offer(GameRoom.Versioned event) {
        if (!ready) {
            pending.add(event);
        } else if (event.version() > sentVersion) {
            sentVersion = event.version();
            connection.sendText(GameSockets.eventMessage(event.json())).subscribe().with(ok -> { }, failure -> { });
        }
    }

    /** Called after the snapshot (or the resumed events) up to {@code version} were sent. */
    synchronized void readyAfter(long version) {
        sentVersion = version;
        ready = true;
        for (GameRoom.Versioned event : pending) {
            if (event.version() > sentVersion) {
                sentVersion = event.version();
                connection.sendText(GameSockets.eventMessage(event.json())).subscribe().with(ok -> { }, failure -> { });
            }
        }
        pending.clear();
    }
}

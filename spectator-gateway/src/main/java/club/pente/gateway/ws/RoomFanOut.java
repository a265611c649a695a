package club.pente.gateway.ws;

import club.pente.core.contract.ChatPosted;
import club.pente.core.contract.ChatRemoved;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MoveRejected;
import club.pente.gateway.ws.protocol.ServerFrame;
import club.pente.gateway.ws.protocol.SocketCodec;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.websockets.next.WebSocketConnection;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/**
 * Game events to the viewers of their room on this gateway: a socket joins (resumed from the room's
 * buffer, or started from a snapshot, {@link SnapshotLoader}), then every versioned event reaches it once
 * and in order. Each event is encoded once for the whole room (a chat message twice: in full for its
 * channel's audience, hidden for the other one, {@link GameRoom.Versioned#messageFor}), and read at all only for games watched
 * here ({@link #watching}, which the Kafka feed asks before it parses a record).
 */
@ApplicationScoped
public class RoomFanOut {
    private final GameRooms rooms;
    private final SnapshotLoader snapshots;
    private final SocketSender sender;

    public RoomFanOut(GameRooms rooms, SnapshotLoader snapshots, SocketSender sender) {
        this.rooms = rooms;
        this.snapshots = snapshots;
        this.sender = sender;
    }

    /** True when some socket or stream here watches the game (or did recently): only then are its events read. */
    public boolean watching(String gameId) {
        return rooms.watching(gameId);
    }

    /**
     * A socket opens on a game: resume from {@code resumeAfter} when the buffer allows, else send a snapshot.
     * {@code anonymousKey} is how it counts as a spectator until it authenticates (its address).
     */
    void join(WebSocketConnection connection, String gameId, Long resumeAfter, String anonymousKey) {
        GameRoom room = rooms.room(gameId);
        Viewer viewer = Viewer.socket(connection, anonymousKey, sender);
        room.add(viewer);
        // Resuming needs the room to know who plays (a gateway that never sent this game's snapshot
        // does not); otherwise the client gets a fresh snapshot instead.
        List<GameRoom.Versioned> missed = resumeAfter == null || !room.playersKnown() ? null : room.since(resumeAfter);
        if (missed != null) {
            viewer.start(SocketCodec.encode(new ServerFrame.Resumed(resumeAfter, missed.size())), resumeAfter, missed);
            snapshots.sendPresence(room, viewer);
            return;
        }
        snapshots.start(room, viewer);
    }

    /**
     * A game event from Kafka, for a game watched here: buffered, then sent to this instance's sockets and
     * streams (rejections to the mover only). The frame is encoded once for the whole room.
     */
    public void onEvent(GameEvent event, String json) {
        GameRoom room = rooms.find(event.gameId());
        if (room == null) {
            return;
        }
        if (event instanceof MoveRejected rejected) {
            String frame = null;
            for (Viewer viewer : room.viewers()) {
                if (viewer.identity() != null && viewer.identity().id().equals(rejected.playerId())) {
                    if (frame == null) {
                        frame = SocketCodec.encode(new ServerFrame.Rejected(SocketCodec.tree(json)));
                    }
                    viewer.send(frame);
                }
            }
            return;
        }
        if (event instanceof GameStarted started) {
            room.seats(started.white().id(), started.black().id());
        }
        if (event instanceof ChatRemoved removed) {
            room.redact(removed.messageId(), buffered -> removedForm(buffered, removed));
        }
        GameRoom.Versioned versioned = event instanceof ChatPosted chat
                ? GameRoom.Versioned.chat(event.version(), json, chat.channel(), hidden(chat), chat.eventId())
                : GameRoom.Versioned.of(event.version(), json);
        if (!room.remember(versioned)) {
            return; // a redelivery: every viewer already has it
        }
        for (Viewer viewer : room.audience()) {
            viewer.offer(versioned);
        }
    }

    /**
     * A chat message as the other channel's audience sees it: that there was one, in which channel and at
     * which version, but not who wrote what.
     */
    static String hidden(ChatPosted chat) {
        return hiddenNode(chat).toString();
    }

    /** A removed message as everyone gets it from the buffer afterwards: hidden, and marked removed. */
    private static String removedForm(GameRoom.Versioned buffered, ChatRemoved removed) {
        ObjectNode node = Contracts.json().createObjectNode();
        node.put("type", "ChatPosted");
        node.put("eventId", removed.messageId());
        node.put("gameId", removed.gameId());
        node.put("version", buffered.version());
        node.put("channel", buffered.channel() == null ? null : buffered.channel().name());
        node.put("hidden", true);
        node.put("removed", true);
        return node.toString();
    }

    private static ObjectNode hiddenNode(ChatPosted chat) {
        ObjectNode hidden = Contracts.json().createObjectNode();
        hidden.put("type", "ChatPosted");
        hidden.put("schemaVersion", chat.schemaVersion());
        hidden.put("eventId", chat.eventId());
        hidden.put("gameId", chat.gameId());
        hidden.put("version", chat.version());
        hidden.put("occurredAt", chat.occurredAt() == null ? null : chat.occurredAt().toString());
        hidden.put("channel", chat.channel() == null ? null : chat.channel().name());
        hidden.put("hidden", true);
        return hidden;
    }
}

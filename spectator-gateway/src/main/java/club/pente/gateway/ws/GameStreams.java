package club.pente.gateway.ws;

import club.pente.core.contract.Contracts;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.function.Consumer;

/**
 * Event streams (server-sent events, {@code GameEventStream}): each is a viewer of its game's room that
 * counts as nobody. It gets its snapshot (without a spectator count), then every versioned event, as the
 * same frames a socket gets, until {@link #remove}.
 */
@ApplicationScoped
public class GameStreams {
    /** A stream watching a game, to hand back to {@link #remove}. */
    public interface Stream {
    }

    private record Watching(String gameId, Viewer viewer) implements Stream {
    }

    private final GameRooms rooms;
    private final SnapshotLoader snapshots;

    public GameStreams(GameRooms rooms, SnapshotLoader snapshots) {
        this.rooms = rooms;
        this.snapshots = snapshots;
    }

    /**
     * Starts a stream of the game's frames to {@code frames}; {@code end} is called when there is nothing
     * to watch (no such game, or the game service does not answer), after the error frame.
     */
    public Stream add(String gameId, Consumer<String> frames, Runnable end) {
        GameRoom room = rooms.room(gameId);
        Viewer viewer = Viewer.stream("stream:" + Contracts.newId(), frames, end);
        room.addStream(viewer);
        snapshots.start(room, viewer);
        return new Watching(gameId, viewer);
    }

    public void remove(Stream stream) {
        if (stream instanceof Watching watching) {
            GameRoom room = rooms.find(watching.gameId());
            if (room != null) {
                room.removeStream(watching.viewer());
            }
        }
    }
}

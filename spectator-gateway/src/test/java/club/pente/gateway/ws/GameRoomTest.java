package club.pente.gateway.ws;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A room's bookkeeping without sockets: viewers leaving with and without a snapshot fetch under way. */
class GameRoomTest {

    @Test
    void aViewerLeavesWhetherOrNotItWaitsForASnapshot() {
        GameRoom room = new GameRoom("g-1", 4);
        List<String> frames = new ArrayList<>();
        Viewer served = Viewer.stream("s-1", frames::add, () -> { });
        room.addStream(served);
        assertThat(room.start(served).fetch()).isTrue();
        room.arrived(new GameRoom.Snapshot("{\"version\":1}", 1));
        // No fetch runs now: leaving used to throw (an immutable empty list refused the removal).
        room.removeStream(served);
        assertThat(room.audience()).isEmpty();

        Viewer early = Viewer.stream("s-2", frames::add, () -> { });
        GameRoom fresh = new GameRoom("g-2", 4);
        fresh.addStream(early);
        assertThat(fresh.start(early).fetch()).isTrue();
        fresh.removeStream(early); // leaves while its fetch runs: the fetch then serves nobody
        assertThat(fresh.arrived(new GameRoom.Snapshot("{\"version\":1}", 1)).viewers()).isEmpty();
    }
}

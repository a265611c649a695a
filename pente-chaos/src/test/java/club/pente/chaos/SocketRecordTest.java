package club.pente.chaos;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/** The socket audit finds a missing, a repeated and a different event, and tells a resume from a fresh snapshot. */
class SocketRecordTest {
    private static Map<Long, String> stream(long from, long to) {
        Map<Long, String> m = new TreeMap<>();
        for (long v = from; v <= to; v++) {
            m.put(v, "e" + v);
        }
        return m;
    }

    private static SocketRecord watched(long snapshot, long... events) {
        SocketRecord r = new SocketRecord("g");
        r.snapshot(snapshot, 0, -1);
        for (long v : events) {
            r.event(v, "e" + v, "MovePlayed", 0);
        }
        return r;
    }

    @Test
    void everyEventOnceAfterTheSnapshotIsClean() {
        SocketRecord r = watched(2, 3, 4, 5);
        SocketRecord.Audit a = r.audit(stream(1, 5));
        assertThat(a.clean()).isTrue();
        assertThat(a.checked()).isEqualTo(3);
    }

    @Test
    void aVersionNeverReceivedIsMissing() {
        SocketRecord r = watched(2, 3, 5);
        SocketRecord.Audit a = r.audit(stream(1, 5));
        assertThat(a.missing()).isEqualTo(1);
        assertThat(a.clean()).isFalse();
        assertThat(r.perPhase().get(0)[1]).isEqualTo(1); // noticed live as a gap
    }

    @Test
    void theTailTheSocketNeverGotIsMissing() {
        SocketRecord.Audit a = watched(2, 3).audit(stream(1, 6));
        assertThat(a.missing()).isEqualTo(3);
    }

    @Test
    void aVersionReceivedTwiceIsRepeated() {
        SocketRecord r = watched(2, 3, 4, 4, 5);
        SocketRecord.Audit a = r.audit(stream(1, 5));
        assertThat(a.repeated()).isEqualTo(1);
        assertThat(a.missing()).isZero();
        assertThat(a.clean()).isFalse();
    }

    @Test
    void anEventTheSnapshotAlreadyHeldIsRepeated() {
        SocketRecord.Audit a = watched(3, 3, 4).audit(stream(1, 4));
        assertThat(a.repeated()).isEqualTo(1);
    }

    @Test
    void anEventOtherThanTheStreamsIsMismatched() {
        SocketRecord r = watched(2, 3);
        r.event(4, "forged", "MovePlayed", 0);
        assertThat(r.audit(stream(1, 4)).mismatched()).isEqualTo(1);
    }

    @Test
    void anEventTheCommittedStreamNeverCarriedIsMismatched() {
        SocketRecord.Audit a = watched(2, 3, 4).audit(stream(1, 3));
        assertThat(a.mismatched()).isEqualTo(1);
    }

    @Test
    void aResumeAfterADropContinuesWithoutLossOrRepeat() {
        SocketRecord r = watched(2, 3, 4);
        r.dropped(1, "closed 1006");
        r.resumed(4, 1, 800_000_000L);
        r.event(5, "e5", "MovePlayed", 1);
        r.event(6, "e6", "GameEnded", 1);
        SocketRecord.Audit a = r.audit(stream(1, 6));
        assertThat(a.clean()).isTrue();
        assertThat(r.ended()).isTrue();
        assertThat(r.reconnects()).singleElement().satisfies(c -> {
            assertThat(c.resumed()).isTrue();
            assertThat(c.phase()).isEqualTo(1);
        });
    }

    @Test
    void aFreshSnapshotAheadCoversVersionsWithoutDeliveringThem() {
        SocketRecord r = watched(2, 3);
        r.dropped(1, "closed 1006");
        r.snapshot(5, 1, 1_000_000_000L);
        r.event(6, "e6", "MovePlayed", 1);
        SocketRecord.Audit a = r.audit(stream(1, 6));
        assertThat(a.missing()).isZero();
        assertThat(a.skippedBySnapshot()).isEqualTo(2);
        assertThat(r.reconnects()).singleElement().satisfies(c -> assertThat(c.resumed()).isFalse());
        assertThat(r.skippedByPhase()).containsEntry(1, 2L);
    }

    @Test
    void aFreshSnapshotBehindMakesTheResentEventsRepeats() {
        SocketRecord r = watched(2, 3, 4);
        r.dropped(1, "closed 1006");
        r.snapshot(3, 1, 1_000_000_000L);
        r.event(4, "e4", "MovePlayed", 1);
        r.event(5, "e5", "MovePlayed", 1);
        SocketRecord.Audit a = r.audit(stream(1, 5));
        assertThat(a.repeated()).isEqualTo(1);
        assertThat(a.missing()).isZero();
    }
}

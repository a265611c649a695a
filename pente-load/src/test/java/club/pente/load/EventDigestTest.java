package club.pente.load;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Announcement;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The streaming digest reads from the contract's own JSON exactly what the event objects say. */
class EventDigestTest {
    private static final PlayerRef WHITE = new PlayerRef("w", "White");
    private static final PlayerRef BLACK = new PlayerRef("b", "Black");
    private static final Instant AT = Instant.parse("2026-12-01T12:00:00Z");

    @Test
    void everyEventTypeDigestsAsItsObjectSays() throws Exception {
        List<GameEvent> events = List.of(
                new GameStarted(1, "e1", "g-1", 1, AT, "c0", WHITE, BLACK, true, TimeControl.UNTIMED, null),
                new MovePlayed(1, "e2", "g-1", 2, AT, "c1", 7, Color.WHITE, "w", "K10", List.of("K11", "K12"), new PerSide(1, 0),
                        Set.of(Announcement.values()[0]), null),
                new MoveRejected(1, "e3", "g-1", 2, AT, "c2", "b", RejectionReason.STALE_PLY, "ply 3 expected"),
                new GameEnded(1, "e4", "g-1", 3, AT, "c3", Status.BLACK_WINS, EndReason.RESIGNATION, false, WHITE, BLACK, 7,
                        new PerSide(1, 0), new PerSide(1, 0), null));
        for (GameEvent event : events) {
            byte[] json = Contracts.json().writeValueAsBytes(event);
            assertThat(EventDigest.parse(json)).as(new String(json, StandardCharsets.UTF_8)).isEqualTo(EventDigest.of(event));
        }
        assertThat(EventDigest.parse(Contracts.json().writeValueAsBytes(events.get(1))).ply()).isEqualTo(7);
        assertThat(EventDigest.parse(Contracts.json().writeValueAsBytes(events.get(2))).reason()).isEqualTo("STALE_PLY");
    }

    @Test
    void somethingThatIsNotAGameEventIsRefused() throws Exception {
        assertThatThrownBy(() -> EventDigest.parse("[1,2]".getBytes(StandardCharsets.UTF_8))).isInstanceOf(java.io.IOException.class);
        assertThatThrownBy(() -> EventDigest.parse("{\"type\":\"MovePlayed\"}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(java.io.IOException.class);
        assertThat(EventDigest.parse("{\"type\":\"Other\",\"gameId\":\"g\",\"version\":1}".getBytes(StandardCharsets.UTF_8)).type())
                .isEqualTo(EventDigest.Type.OTHER);
    }
}

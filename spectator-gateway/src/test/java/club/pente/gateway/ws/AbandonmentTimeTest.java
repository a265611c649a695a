package club.pente.gateway.ws;

import club.pente.core.contract.Contracts;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** An opponent's absence counts towards a claim only while it is their turn. */
class AbandonmentTimeTest {
    private static final long NOW = Instant.parse("2026-12-01T21:00:00Z").toEpochMilli();

    private static JsonNode game(String json) throws Exception {
        return Contracts.json().readTree(json);
    }

    /** Before: bob away for 70 s while alice thought, alice moves and claims at once, and wins by abandonment. */
    @Test
    void anAbsenceBeforeTheOpponentsTurnBeganDoesNotCount() throws Exception {
        JsonNode justMoved = game("{\"createdAt\":\"2026-12-01T20:50:00Z\",\"moves\":[{\"playedAt\":\"2026-12-01T20:55:00Z\"},"
                + "{\"playedAt\":\"2026-12-01T20:59:50Z\"}]}");
        assertThat(GameSocket.absentOnTurn(justMoved, 70_000, NOW)).isEqualTo(10_000);
        assertThat(GameSocket.absentOnTurn(justMoved, 4_000, NOW)).isEqualTo(4_000);
    }

    @Test
    void beforeTheFirstMoveTheTurnBeganWithTheGameAndAnUnreadableTimeCountsAsNow() throws Exception {
        assertThat(GameSocket.absentOnTurn(game("{\"createdAt\":\"2026-12-01T20:59:30Z\",\"moves\":[]}"), 60_000, NOW)).isEqualTo(30_000);
        assertThat(GameSocket.absentOnTurn(game("{\"createdAt\":\"yesterday\",\"moves\":[]}"), 60_000, NOW)).isZero();
        assertThat(GameSocket.absentOnTurn(game("{}"), 60_000, NOW)).isZero();
    }
}

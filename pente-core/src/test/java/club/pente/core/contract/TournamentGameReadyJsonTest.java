package club.pente.core.contract;

import club.pente.core.rules.Color;
import club.pente.core.rules.Variant;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class TournamentGameReadyJsonTest {
    @Test
    void roundTripsThroughTheInterfaceWithItsDocumentedFieldsAndIsKeyedByPlayer() throws Exception {
        TournamentGameReady ready = new TournamentGameReady(1, "e1", "4f1c-alice", "t1", 2, "g1", Color.BLACK,
                new PlayerRef("guest:9b2e", "Visitor"), Variant.KERYO, TimeControl.daysPerMove(3),
                Instant.parse("2026-11-30T12:00:00.123Z"));
        String text = Contracts.json().writeValueAsString(ready);
        assertThat(Contracts.json().readValue(text, MatchmakingEvent.class)).isEqualTo(ready);
        JsonNode json = Contracts.json().readTree(text);
        assertThat(json.get("type").asText()).isEqualTo("TournamentGameReady");
        assertThat(json.get("tournamentId").asText()).isEqualTo("t1");
        assertThat(json.get("round").asInt()).isEqualTo(2);
        assertThat(json.get("colour").asText()).isEqualTo("BLACK");
        assertThat(json.get("variant").asText()).isEqualTo("KERYO");
        assertThat(json.get("timeControl").get("daysPerMove").asInt()).isEqualTo(3);
        assertThat(ready.key()).isEqualTo("4f1c-alice");
    }
}

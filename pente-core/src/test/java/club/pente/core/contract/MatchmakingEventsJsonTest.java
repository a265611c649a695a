package club.pente.core.contract;

import club.pente.core.rules.Color;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class MatchmakingEventsJsonTest {
    private static final ObjectMapper JSON = Contracts.json();
    private static final Instant AT = Instant.parse("2026-11-30T12:00:00.123Z");
    private static final PlayerRef ALICE = new PlayerRef("4f1c-alice", "alice");
    private static final PlayerRef GUEST = new PlayerRef("guest:9b2e", "Visitor");
    private static final TimeControl TEN_FIVE = new TimeControl(600, 5);

    @Test
    void everyEventRoundTripsThroughTheInterface() throws Exception {
        List<MatchmakingEvent> events = List.of(
                new SeekMatched(1, "e1", "4f1c-alice", "s1", "g1", Color.WHITE, GUEST, false, TEN_FIVE, AT),
                new InvitationAccepted(1, "e2", "guest:9b2e", "K7WQ2M9P", "g2", Color.BLACK, ALICE, "m1", AT),
                new GameReady(1, "e3", "4f1c-alice", "g3", Color.BLACK, GUEST, false, TEN_FIVE, "MATCH", "m1", 2, AT),
                new RematchOffered(1, "e4", "guest:9b2e", "g3", ALICE, AT),
                new MatchFinished(1, "e5", "4f1c-alice", "m1", 3, ALICE, GUEST, 12, 7, AT),
                new LobbyCounts(1, "e6", 42, 5, AT),
                new InvitationReceived(1, "e7", "4f1c-alice", "K7WQ2M9P", GUEST, false, TEN_FIVE, 1, AT, AT),
                new InvitationDeclined(1, "e8", "guest:9b2e", "K7WQ2M9P", ALICE, AT),
                new GameCreationFailed(1, "e9", "4f1c-alice", "g4", "INVITATION", "K7WQ2M9P", null, RejectionReason.FORBIDDEN,
                        "ranked games are between two accounts", AT));
        for (MatchmakingEvent event : events) {
            String text = JSON.writeValueAsString(event);
            assertThat(JSON.readValue(text, MatchmakingEvent.class)).isEqualTo(event);
        }
    }

    @Test
    void seekMatchedHasTheDocumentedJsonFormAndIsKeyedByPlayer() throws Exception {
        SeekMatched matched = new SeekMatched(1, "e1", "4f1c-alice", "s1", "g1", Color.WHITE, GUEST, true, TEN_FIVE, AT);
        JsonNode json = JSON.readTree(JSON.writeValueAsString(matched));
        assertThat(json.get("type").asText()).isEqualTo("SeekMatched");
        assertThat(json.get("schemaVersion").asInt()).isEqualTo(1);
        assertThat(json.get("playerId").asText()).isEqualTo("4f1c-alice");
        assertThat(json.get("seekId").asText()).isEqualTo("s1");
        assertThat(json.get("gameId").asText()).isEqualTo("g1");
        assertThat(json.get("color").asText()).isEqualTo("WHITE");
        assertThat(json.get("opponent").get("id").asText()).isEqualTo("guest:9b2e");
        assertThat(json.get("timeControl").get("initialSeconds").asInt()).isEqualTo(600);
        assertThat(json.get("occurredAt").asText()).isEqualTo("2026-11-30T12:00:00.123Z");
        assertThat(json.has("key")).as("the record key is not part of the payload").isFalse();
        assertThat(matched.key()).isEqualTo("4f1c-alice");
    }

    @Test
    void lobbyCountsAreKeyedLobby() throws Exception {
        LobbyCounts counts = new LobbyCounts(1, "e6", 42, 5, AT);
        JsonNode json = JSON.readTree(JSON.writeValueAsString(counts));
        assertThat(json.get("type").asText()).isEqualTo("LobbyCounts");
        assertThat(json.get("online").asInt()).isEqualTo(42);
        assertThat(json.get("searching").asInt()).isEqualTo(5);
        assertThat(counts.key()).isEqualTo(MatchmakingEvent.LOBBY_KEY).isEqualTo("lobby");
    }

    @Test
    void unknownFieldsFromANewerWriterAreIgnored() throws Exception {
        String text = "{\"type\":\"LobbyCounts\",\"schemaVersion\":1,\"eventId\":\"e\",\"online\":3,\"searching\":1,"
                + "\"occurredAt\":\"2026-11-30T12:00:00.123Z\",\"rooms\":7}";
        assertThat(JSON.readValue(text, MatchmakingEvent.class)).isEqualTo(new LobbyCounts(1, "e", 3, 1, AT));
    }
}

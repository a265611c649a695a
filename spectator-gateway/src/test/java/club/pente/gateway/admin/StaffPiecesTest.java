package club.pente.gateway.admin;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.StaffRole;
import club.pente.gateway.identity.Identity;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The staff endpoints' pure parts: the role fence, the audit merge, the spectators added to the live list, the lag. */
class StaffPiecesTest {
    private static Optional<Identity> who(String id, boolean guest, String... roles) {
        return Optional.of(new Identity(id, id, Set.of(roles), guest, Instant.now().plusSeconds(60)));
    }

    private static String refusal(StaffFence.Checked checked) {
        return checked.allowed() ? "allowed" : checked.refusal().getStatus() + " "
                + ((club.pente.kit.rest.ApiError) checked.refusal().getEntity()).error();
    }

    @Test
    void theFenceLetsThroughOnlyTheRoleNeeded() {
        assertThat(refusal(StaffFence.decide(Optional.empty(), StaffRole.MODERATOR))).isEqualTo("401 UNAUTHENTICATED");
        assertThat(refusal(StaffFence.decide(who("p-1", false, "player"), StaffRole.MODERATOR))).isEqualTo("403 STAFF_ONLY");
        assertThat(refusal(StaffFence.decide(who("guest:1", true, "guest"), StaffRole.MODERATOR))).isEqualTo("403 STAFF_ONLY");
        // A guest is never staff, whatever roles it shows.
        assertThat(refusal(StaffFence.decide(who("guest:1", true, "admin"), StaffRole.MODERATOR))).isEqualTo("403 STAFF_ONLY");
        assertThat(refusal(StaffFence.decide(who("m-1", false, "player", "moderator"), StaffRole.MODERATOR))).isEqualTo("allowed");
        assertThat(refusal(StaffFence.decide(who("m-1", false, "player", "moderator"), StaffRole.ADMIN))).isEqualTo("403 ADMIN_ONLY");
        // A token listing admin alone is a moderator too.
        assertThat(refusal(StaffFence.decide(who("a-1", false, "admin"), StaffRole.MODERATOR))).isEqualTo("allowed");
        assertThat(refusal(StaffFence.decide(who("a-1", false, "admin"), StaffRole.ADMIN))).isEqualTo("allowed");
        assertThat(StaffFence.decide(Optional.empty(), StaffRole.MODERATOR).refusal().getHeaderString("WWW-Authenticate")).isEqualTo("Bearer");
    }

    private static JsonNode json(String text) throws Exception {
        return Contracts.json().readTree(text);
    }

    @Test
    void theAuditIsMergedNewestFirstThenByIdAndCutToTheLimit() throws Exception {
        JsonNode game = json("[{\"auditId\":\"g-1\",\"occurredAt\":\"2026-12-01T10:00:00Z\"},"
                + "{\"auditId\":\"g-2\",\"occurredAt\":\"2026-12-01T08:00:00Z\"}]");
        JsonNode matchmaking = json("[{\"auditId\":\"m-1\",\"occurredAt\":\"2026-12-01T09:00:00.500Z\"},"
                + "{\"auditId\":\"m-2\",\"occurredAt\":\"2026-12-01T10:00:00Z\"},{\"auditId\":\"m-3\",\"occurredAt\":\"not a time\"}, 7]");
        List<String> ids = AuditMerge.merge(java.util.Arrays.asList(game, null, matchmaking), 10).stream()
                .map(e -> e.path("auditId").asText()).toList();
        // Same instant: the larger id first, so that every refresh shows the same order; an entry without a time last.
        assertThat(ids).containsExactly("m-2", "g-1", "m-1", "g-2", "m-3");
        assertThat(AuditMerge.merge(List.of(game, matchmaking), 2)).extracting(e -> e.path("auditId").asText())
                .containsExactly("m-2", "g-1");
        assertThat(AuditMerge.merge(List.of(json("{\"entries\":[]}")), 5)).isEmpty();
    }

    @Test
    void theAuditQueryIsReEncodedFromTheCheckedValuesOnly() {
        assertThat(AdminAuditResource.query("actor", "mod", "action", null, "target", "", "since", "2026-12-01T10:00:00+01:00"))
                .isEqualTo("?actor=mod&since=2026-12-01T10%3A00%3A00%2B01%3A00");
        assertThat(AdminAuditResource.query("actor", null)).isEmpty();
    }

    @Test
    void everyLiveGameGetsItsSpectatorsAndAnythingElseIsLeftAlone() throws Exception {
        byte[] body = "{\"games\":[{\"id\":\"g1\",\"ply\":3},{\"id\":\"g2\"},{\"noId\":true}],\"more\":1}".getBytes(StandardCharsets.UTF_8);
        JsonNode enriched = Contracts.json().readTree(AdminGames.enrich(body, id -> id.equals("g1") ? 4 : 0));
        assertThat(enriched.path("games").get(0).path("spectators").asInt()).isEqualTo(4);
        assertThat(enriched.path("games").get(0).path("ply").asInt()).isEqualTo(3);
        assertThat(enriched.path("games").get(1).path("spectators").isInt()).isTrue();
        assertThat(enriched.path("games").get(2).has("spectators")).isFalse();
        assertThat(enriched.path("more").asInt()).isEqualTo(1);
        assertThat(AdminGames.enrich("{\"error\":\"X\"}".getBytes(StandardCharsets.UTF_8), id -> 1)).isNull();
        assertThat(AdminGames.enrich("not json".getBytes(StandardCharsets.UTF_8), id -> 1)).isNull();
    }

    private static org.apache.kafka.clients.admin.GroupListing group(String id, org.apache.kafka.common.GroupState state) {
        return new org.apache.kafka.clients.admin.GroupListing(id, Optional.empty(), "consumer", Optional.of(state));
    }

    @Test
    void anEmptyGroupNamedForOneInstanceIsAStoppedInstancesAndNotRead() {
        String uuid = "0f8fad5b-d9cb-469f-a165-70867728950e";
        assertThat(KafkaFigures.stoppedInstance(group("pente-gateway-" + uuid, org.apache.kafka.common.GroupState.EMPTY))).isTrue();
        assertThat(KafkaFigures.stoppedInstance(group("pente-gateway-mm-" + uuid, org.apache.kafka.common.GroupState.DEAD))).isTrue();
        // A running instance's group, and a shared group even when empty (its service is down: its lag is the point), are read.
        assertThat(KafkaFigures.stoppedInstance(group("pente-gateway-" + uuid, org.apache.kafka.common.GroupState.STABLE))).isFalse();
        assertThat(KafkaFigures.stoppedInstance(group("pente-rating-service", org.apache.kafka.common.GroupState.EMPTY))).isFalse();
        assertThat(KafkaFigures.stoppedInstance(group("pente-game-forfeits", org.apache.kafka.common.GroupState.EMPTY))).isFalse();
    }

    @Test
    void lagIsTheEndMinusTheCommittedOffsetPerTopic() {
        TopicPartition events0 = new TopicPartition("events", 0);
        TopicPartition events1 = new TopicPartition("events", 1);
        TopicPartition commands0 = new TopicPartition("commands", 0);
        java.util.HashMap<TopicPartition, OffsetAndMetadata> committed = new java.util.HashMap<>();
        committed.put(events0, new OffsetAndMetadata(10));
        committed.put(events1, new OffsetAndMetadata(5));
        committed.put(commands0, new OffsetAndMetadata(7));
        committed.put(new TopicPartition("gone", 0), null);
        Lag lag = Lag.of(committed, Map.of(events0, 12L, events1, 5L, commands0, 3L));
        assertThat(lag.byTopic()).containsExactlyInAnyOrderEntriesOf(Map.of("events", 2L, "commands", 0L));
        assertThat(lag.total()).isEqualTo(2);
    }
}

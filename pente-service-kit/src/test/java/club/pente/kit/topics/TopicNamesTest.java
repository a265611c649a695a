package club.pente.kit.topics;

import club.pente.core.contract.Topic;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TopicNamesTest {

    @Test
    void aTopicNotRenamedKeepsItsCatalogueName() {
        TopicNames names = new TopicNames(Map.of("events", "test.1.game.events"), 4, (short) 1);
        assertThat(names.of(Topic.GAME_EVENTS)).isEqualTo("test.1.game.events");
        assertThat(names.of(Topic.GAME_COMMANDS)).isEqualTo("pente.game.commands");
    }

    @Test
    void everyTopicIsCreatedStreamsSpreadDeadLettersOnOnePartition() {
        TopicNames names = new TopicNames(Map.of(), 12, (short) 3);
        assertThat(names.toCreate()).hasSize(Topic.values().length)
                .contains(new NewTopic("pente.game.commands", 12, (short) 3), new NewTopic("pente.game.commands.dlq", 1, (short) 3),
                        new NewTopic("pente.rating.game-events.dlq", 1, (short) 3), new NewTopic("pente.presence", 12, (short) 3));
        assertThat(names.toCreate()).filteredOn(topic -> topic.name().equals("pente.admin.sanctions"))
                .singleElement().satisfies(topic -> assertThat(topic.configs()).containsEntry("cleanup.policy", "compact"));
        assertThat(names.toCreate()).filteredOn(topic -> topic.name().equals("pente.admin.audit"))
                .singleElement().satisfies(topic -> assertThat(topic.configs()).containsEntry("retention.ms", "-1"));
    }

    @Test
    void onAClusterEveryTopicNeedsTwoInSyncReplicasAndKeepsItsOwnSettings() {
        TopicNames names = new TopicNames(Map.of(), 12, (short) 3, (short) 2);
        assertThat(names.toCreate()).hasSize(Topic.values().length)
                .allSatisfy(topic -> assertThat(topic.configs()).containsEntry("min.insync.replicas", "2"));
        assertThat(names.toCreate()).filteredOn(topic -> topic.name().equals("pente.admin.sanctions"))
                .singleElement().satisfies(topic -> assertThat(topic.configs()).containsEntry("cleanup.policy", "compact"));
        // One broker, one copy: the broker's default (1) holds, no per-topic setting.
        assertThat(new TopicNames(Map.of(), 12, (short) 1, (short) 1).toCreate()).filteredOn(topic -> topic.name().equals("pente.game.commands"))
                .singleElement().satisfies(topic -> assertThat(topic.configs()).isNull());
        assertThatThrownBy(() -> new TopicNames(Map.of(), 12, (short) 1, (short) 2)).hasMessageContaining("min.insync.replicas");
    }

    @Test
    void twoKeysNamingOneTopicCreateItOnce() {
        TopicNames names = new TopicNames(Map.of("commands", "shared", "events", "shared"), 4, (short) 1);
        assertThat(names.toCreate()).filteredOn(topic -> topic.name().equals("shared")).hasSize(1);
    }

    @Test
    void theCatalogueIsTheLowestPriorityConfiguration() {
        TopicDefaults defaults = new TopicDefaults();
        assertThat(defaults.getValue("pente.topic.matchmaking-events")).isEqualTo("pente.matchmaking.events");
        assertThat(defaults.getPropertyNames()).hasSize(Topic.values().length);
        assertThat(defaults.getOrdinal()).isLessThan(100);
    }
}

package club.pente.kit.topics;

import club.pente.core.contract.Topic;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

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

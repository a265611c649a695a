package club.pente.testinfra;

import club.pente.core.contract.Topic;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Every topic of the catalogue gets a name of the run, and two runs never share one. */
class IsolatedTopicsTest {

    @Test
    void everyTopicPropertyNamesATopicOfTheRunAndTheRecordersSeeTheSameNames() {
        IsolatedTopics topics = IsolatedTopics.fresh("test");
        Map<String, String> properties = topics.properties();
        assertThat(properties).hasSize(Topic.values().length);
        for (Topic topic : Topic.values()) {
            assertThat(properties).containsEntry(topic.property(), topics.name(topic));
            assertThat(topics.name(topic)).startsWith(topics.namespace() + ".").isNotEqualTo(topic.defaultName());
        }
        assertThat(topics.name(Topic.GAME_EVENTS)).matches("test\\.[0-9a-f]{8}\\.game\\.events");
    }

    @Test
    void twoRunsNeverShareATopic() {
        IsolatedTopics one = IsolatedTopics.fresh("test");
        IsolatedTopics other = IsolatedTopics.fresh("test");
        assertThat(one.namespace()).isNotEqualTo(other.namespace());
        assertThat(one.properties().values()).doesNotContainAnyElementsOf(other.properties().values());
    }
}

package club.pente.core.contract;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class TopicTest {

    @Test
    void everyTopicHasItsOwnKeyAndName() {
        assertThat(Arrays.stream(Topic.values()).map(Topic::key).collect(Collectors.toSet())).hasSize(Topic.values().length);
        assertThat(Arrays.stream(Topic.values()).map(Topic::defaultName).collect(Collectors.toSet())).hasSize(Topic.values().length);
        assertThat(Topic.values()).allSatisfy(topic -> assertThat(topic.defaultName()).startsWith("pente."));
    }

    @Test
    void deadLettersHaveOnePartitionAndStreamsAreSpread() {
        Set<Topic> single = Arrays.stream(Topic.values()).filter(topic -> !topic.partitioned()).collect(Collectors.toSet());
        assertThat(single).containsExactlyInAnyOrder(Topic.GAME_COMMANDS_DLQ, Topic.RATING_GAME_EVENTS_DLQ);
        assertThat(single).allSatisfy(topic -> assertThat(topic.defaultName()).endsWith(".dlq"));
    }

    @Test
    void anIsolatedNamespaceRenamesEveryTopicAndKeepsTheirShape() {
        assertThat(Topic.isolatedIn("test.ab12"))
                .hasSize(Topic.values().length)
                .containsEntry("pente.topic.commands", "test.ab12.game.commands")
                .containsEntry("pente.topic.commands-dlq", "test.ab12.game.commands.dlq")
                .containsEntry("pente.topic.events-dlq", "test.ab12.rating.game-events.dlq")
                .containsEntry("pente.topic.matchmaking-events", "test.ab12.matchmaking.events");
        assertThat(Topic.defaults()).containsEntry("pente.topic.events", "pente.game.events");
    }
}

package club.pente.gateway.messaging;

import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.TopicPartition;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gateway is not ready before its game-events consumer (a new group, reading from the end) has its partitions and
 * has fixed where it reads from: a socket let in earlier could miss the events between its snapshot and that point.
 */
class GameEventsPositionedTest {
    private static final String TOPIC = "test.game.events";

    @Test
    void readyOnlyOnceThePartitionsAreAssignedAndTheirPositionsFixed() {
        GameEventsPositioned check = new GameEventsPositioned();
        assertThat(check.call().getStatus()).as("before the group assigned anything").isEqualTo(HealthCheckResponse.Status.DOWN);

        MockConsumer<String, String> consumer = new MockConsumer<>("latest");
        TopicPartition p0 = new TopicPartition(TOPIC, 0);
        TopicPartition p1 = new TopicPartition(TOPIC, 1);
        consumer.assign(List.of(p0, p1));
        consumer.updateEndOffsets(Map.of(p0, 42L, p1, 7L));
        check.onPartitionsAssigned(consumer, List.of());
        assertThat(check.call().getStatus()).as("an empty assignment").isEqualTo(HealthCheckResponse.Status.DOWN);

        check.onPartitionsAssigned(consumer, List.of(p0, p1));
        assertThat(check.call().getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
        // The end is fixed now: events written from here on are read, whatever the end is when the first poll runs.
        consumer.updateEndOffsets(Map.of(p0, 50L, p1, 9L));
        assertThat(consumer.position(p0)).isEqualTo(42L);
        assertThat(consumer.position(p1)).isEqualTo(7L);
    }
}

package club.pente.ai.messaging;

import io.smallrye.common.annotation.Identifier;
import io.smallrye.reactive.messaging.kafka.KafkaConsumerRebalanceListener;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.Collection;
import java.util.List;

/**
 * Follows which partitions of {@code pente.game.events} the group gives this instance
 * ({@code mp.messaging.incoming.game-events.consumer-rebalance-listener.name}); once it gets some, the live-games sweep
 * runs for them at once (their games may be waiting for the computer: an instance that held them was stopped).
 * Runs on the consumer's polling thread.
 */
@ApplicationScoped
@Identifier(GameEventsRebalance.NAME)
public class GameEventsRebalance implements KafkaConsumerRebalanceListener {
    static final String NAME = "pente-ai-game-events";
    private static final Logger LOG = Logger.getLogger(GameEventsRebalance.class);

    private final PartitionOwnership ownership = new PartitionOwnership();
    private volatile Runnable whenAssigned = () -> { };

    PartitionOwnership ownership() {
        return ownership;
    }

    void whenAssigned(Runnable action) {
        whenAssigned = action;
    }

    @Override
    public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        if (partitions.isEmpty()) {
            return;
        }
        String topic = partitions.iterator().next().topic();
        List<PartitionInfo> all = consumer.partitionsFor(topic, Duration.ofSeconds(10));
        ownership.assigned(partitions.stream().map(TopicPartition::partition).toList(), all == null ? 0 : all.size());
        LOG.infof("playing for the games of %s partitions %s", topic, partitions.stream().map(TopicPartition::partition).sorted().toList());
        whenAssigned.run();
    }

    @Override
    public void onPartitionsRevoked(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        ownership.revoked(partitions.stream().map(TopicPartition::partition).toList());
    }

    @Override
    public void onPartitionsLost(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        onPartitionsRevoked(consumer, partitions);
    }
}

package club.pente.game.messaging;

import club.pente.game.application.LiveGames;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.reactive.messaging.kafka.KafkaConsumerRebalanceListener;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.jboss.logging.Logger;

import java.util.Collection;

/** Tracks which command partitions this instance owns; losing one drops its games from memory. */
@ApplicationScoped
@Identifier("game-partitions")
public class GamePartitions implements KafkaConsumerRebalanceListener {
    private static final Logger LOG = Logger.getLogger(GamePartitions.class);

    private final LiveGames liveGames;

    public GamePartitions(LiveGames liveGames) {
        this.liveGames = liveGames;
    }

    @Override
    public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        liveGames.assigned(partitions.stream().map(TopicPartition::partition).toList());
        LOG.infof("owning command partitions %s", liveGames.ownedPartitions());
    }

    @Override
    public void onPartitionsRevoked(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        liveGames.revoked(partitions.stream().map(TopicPartition::partition).toList());
        LOG.infof("gave up command partitions %s", partitions);
    }

    @Override
    public void onPartitionsLost(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        onPartitionsRevoked(consumer, partitions);
    }
}

package club.pente.gateway.messaging;

import io.smallrye.common.annotation.Identifier;
import io.smallrye.reactive.messaging.kafka.KafkaConsumerRebalanceListener;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.jboss.logging.Logger;

import java.util.Collection;

/**
 * Ready once this gateway's game-events consumer holds its partitions and knows where it reads from
 * ({@code mp.messaging.incoming.game-events.consumer-rebalance-listener.name}). Its group is new at every start and
 * reads from the end, and the end is fixed only when the group assigns the partitions (seconds after the start): a
 * socket let in before that would get a snapshot at version V, while events after V written before the position was
 * fixed never reach this gateway, a gap for that viewer. So the load balancer sends nobody here until then.
 */
@ApplicationScoped
@Readiness
@Identifier(GameEventsPositioned.NAME)
public class GameEventsPositioned implements KafkaConsumerRebalanceListener, HealthCheck {
    static final String NAME = "pente-gateway-game-events";
    private static final Logger LOG = Logger.getLogger(GameEventsPositioned.class);

    private volatile boolean positioned;

    /** On the consumer's polling thread: fixes each new partition's position now (the end, for a new group). */
    @Override
    public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        if (partitions.isEmpty()) {
            return;
        }
        for (TopicPartition partition : partitions) {
            consumer.position(partition);
        }
        if (!positioned) {
            LOG.infof("game events: reading %d partitions from here on", partitions.size());
        }
        positioned = true;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("game events feed").status(positioned).build();
    }
}

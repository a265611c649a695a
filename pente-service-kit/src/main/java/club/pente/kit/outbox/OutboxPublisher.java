package club.pente.kit.outbox;

import club.pente.core.contract.Topic;
import club.pente.kit.config.PenteConfig;
import club.pente.kit.topics.TopicNames;
import club.pente.messaging.KafkaClientConfig;
import club.pente.messaging.OutboxRelay;
import club.pente.messaging.OutboxTable;
import club.pente.messaging.WakeSignal;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;

import javax.sql.DataSource;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Runs the service's outbox relay for the life of the process, as {@link OutboxSettings} describe it
 * (one leader among the instances, no batch published twice after a crash: see {@link OutboxRelay}).
 * Whoever commits outbox rows calls {@link #wake()} so that they leave at once, not at the next poll.
 */
@ApplicationScoped
public class OutboxPublisher {
    private final WakeSignal signal = new WakeSignal();
    private final OutboxRelay relay;

    public OutboxPublisher(OutboxSettings settings, PenteConfig config, TopicNames topics, Instance<DataSource> dataSource,
                           MeterRegistry registry, KafkaClientConfig kafka) {
        if (settings.name().isEmpty()) {
            relay = null;
            return;
        }
        String name = settings.name().get();
        relay = new OutboxRelay(name, dataSource.get(), table(settings, topics), signal, kafka,
                settings.batchSize(), settings.pollMillis());
        registry.gauge("pente." + name + ".outbox.backlog", relay.backlog());
    }

    /** The table as the relay reads it; refuses a description that names no topic, an unknown one, or no lock. */
    static OutboxTable table(OutboxSettings settings, TopicNames topics) {
        long lockKey = Long.decode(settings.lockKey().orElseThrow(
                () -> new IllegalStateException("pente.outbox.lock-key is required with pente.outbox.name")));
        if (settings.channelColumn().isEmpty()) {
            String topic = topics.of(topicOf(settings.topic().orElseThrow(
                    () -> new IllegalStateException("pente.outbox.topic is required without pente.outbox.channel-column"))));
            return OutboxTable.singleTopic(settings.keyColumn(), topic, lockKey);
        }
        if (settings.channels().isEmpty()) {
            throw new IllegalStateException("pente.outbox.channels.<channel> is required with pente.outbox.channel-column");
        }
        Map<String, String> byChannel = new LinkedHashMap<>();
        settings.channels().forEach((channel, key) -> byChannel.put(channel, topics.of(topicOf(key))));
        return OutboxTable.byChannel(settings.keyColumn(), settings.channelColumn().get(), byChannel, lockKey);
    }

    private static Topic topicOf(String key) {
        return Arrays.stream(Topic.values()).filter(topic -> topic.key().equals(key)).findFirst()
                .orElseThrow(() -> new IllegalStateException("'" + key + "' is not a topic of the catalogue"));
    }

    void start(@Observes StartupEvent event) {
        if (relay != null) {
            relay.start();
        }
    }

    void stop(@Observes ShutdownEvent event) throws InterruptedException {
        if (relay != null) {
            relay.stop();
        }
    }

    /** Rows were just committed: publish them now. */
    public void wake() {
        signal.wake();
    }

    public boolean isLeader() {
        return relay != null && relay.isLeader();
    }
}

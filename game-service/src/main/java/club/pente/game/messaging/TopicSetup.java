package club.pente.game.messaging;

import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import club.pente.messaging.TopicProvisioner;
import org.apache.kafka.clients.admin.NewTopic;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.List;

/**
 * Creates the game topics with enough partitions to spread games over instances, before the consumers
 * start: a topic created implicitly would get the broker's default partition count.
 */
@ApplicationScoped
public class TopicSetup {
    private final String bootstrapServers;
    private final int partitions;
    private final short replicas;
    private final GameTopics topics;

    public TopicSetup(GameTopics topics, @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
                      @ConfigProperty(name = "pente.kafka.partitions", defaultValue = "12") int partitions,
                      @ConfigProperty(name = "pente.kafka.replication-factor", defaultValue = "1") short replicas) {
        this.bootstrapServers = bootstrapServers;
        this.partitions = partitions;
        this.replicas = replicas;
        this.topics = topics;
    }

    void onStart(@Observes @Priority(1) StartupEvent event) throws InterruptedException {
        TopicProvisioner.ensure(bootstrapServers, List.of(
                new NewTopic(topics.commands(), partitions, replicas),
                new NewTopic(topics.events(), partitions, replicas),
                new NewTopic(topics.commandsDeadLetter(), 1, replicas)));
    }
}

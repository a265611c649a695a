package club.pente.matchmaking.messaging;

import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import club.pente.messaging.TopicProvisioner;
import org.apache.kafka.clients.admin.NewTopic;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.List;

/**
 * Creates the topics this service reads and writes when they do not exist yet (with the platform's
 * partition count), before the consumers start; whichever service starts first creates a shared topic.
 */
@ApplicationScoped
public class TopicSetup {
    private final String bootstrapServers;
    private final int partitions;
    private final short replicas;
    private final MatchmakingTopics topics;

    public TopicSetup(MatchmakingTopics topics, @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
                      @ConfigProperty(name = "pente.kafka.partitions", defaultValue = "12") int partitions,
                      @ConfigProperty(name = "pente.kafka.replication-factor", defaultValue = "1") short replicas) {
        this.bootstrapServers = bootstrapServers;
        this.partitions = partitions;
        this.replicas = replicas;
        this.topics = topics;
    }

    void onStart(@Observes @Priority(1) StartupEvent event) throws InterruptedException {
        TopicProvisioner.ensure(bootstrapServers, List.of(topics.commands(), topics.events(), topics.presence(), topics.notifications())
                .stream().distinct().map(name -> new NewTopic(name, partitions, replicas)).toList());
    }
}

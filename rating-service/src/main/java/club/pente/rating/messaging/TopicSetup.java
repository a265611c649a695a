package club.pente.rating.messaging;

import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;

/**
 * Creates the topics this service reads and writes before the consumer starts, with the platform's
 * partition count (a topic created implicitly would get the broker's default). Whoever starts first,
 * the game service or this one, creates the game events topic the same way.
 */
@ApplicationScoped
public class TopicSetup {
    private static final Logger LOG = Logger.getLogger(TopicSetup.class);

    private final String bootstrapServers;
    private final int partitions;
    private final short replicas;
    private final RatingTopics topics;

    public TopicSetup(RatingTopics topics, @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
                      @ConfigProperty(name = "pente.kafka.partitions", defaultValue = "12") int partitions,
                      @ConfigProperty(name = "pente.kafka.replication-factor", defaultValue = "1") short replicas) {
        this.bootstrapServers = bootstrapServers;
        this.partitions = partitions;
        this.replicas = replicas;
        this.topics = topics;
    }

    void onStart(@Observes @Priority(1) StartupEvent event) throws InterruptedException {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrapServers))) {
            Set<String> existing = admin.listTopics().names().get();
            List<NewTopic> missing = List.of(
                            new NewTopic(topics.events(), partitions, replicas),
                            new NewTopic(topics.ratingEvents(), partitions, replicas),
                            new NewTopic(topics.eventsDeadLetter(), 1, replicas))
                    .stream().filter(topic -> !existing.contains(topic.name())).toList();
            if (!missing.isEmpty()) {
                admin.createTopics(missing).all().get();
                LOG.infof("created topics %s", missing.stream().map(NewTopic::name).toList());
            }
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException("cannot create the rating topics on " + bootstrapServers, e.getCause());
            }
        }
    }
}

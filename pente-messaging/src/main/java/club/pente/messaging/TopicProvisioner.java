package club.pente.messaging;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;

/**
 * Creates a service's topics with the partition counts it needs before its consumers start: a topic
 * created implicitly by the broker would get the default count, and partitions are how games and
 * players spread over instances.
 */
public final class TopicProvisioner {
    private static final Logger LOG = Logger.getLogger(TopicProvisioner.class);

    private TopicProvisioner() {
    }

    static Properties adminProperties(KafkaClientConfig kafka) {
        return kafka.properties();
    }

    public static void ensure(String bootstrapServers, List<NewTopic> topics) throws InterruptedException {
        ensure(KafkaClientConfig.bootstrap(bootstrapServers), topics);
    }

    public static void ensure(KafkaClientConfig kafka, List<NewTopic> topics) throws InterruptedException {
        String bootstrapServers = kafka.bootstrapServers();
        try (Admin admin = Admin.create(adminProperties(kafka))) {
            Set<String> existing = admin.listTopics().names().get();
            List<NewTopic> missing = topics.stream().filter(topic -> !existing.contains(topic.name())).toList();
            if (!missing.isEmpty()) {
                admin.createTopics(missing).all().get();
                LOG.infof("created topics %s", missing.stream().map(NewTopic::name).toList());
            }
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException("cannot create topics on " + bootstrapServers, e.getCause());
            }
        }
    }
}

package club.pente.kit.topics;

import club.pente.kit.config.PenteConfig;
import club.pente.messaging.KafkaClientConfig;
import club.pente.messaging.TopicProvisioner;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Creates the catalogue's missing topics before any consumer starts: a topic the broker created
 * implicitly would get its default partition count. Whichever service starts first creates them all,
 * the same way.
 */
@ApplicationScoped
public class TopicProvisioning {
    private final PenteConfig config;
    private final TopicNames names;
    private final KafkaClientConfig kafka;

    public TopicProvisioning(PenteConfig config, TopicNames names, KafkaClientConfig kafka) {
        this.config = config;
        this.names = names;
        this.kafka = kafka;
    }

    void onStart(@Observes @Priority(1) StartupEvent event) throws InterruptedException {
        if (config.kafka().provisionTopics()) {
            TopicProvisioner.ensure(kafka, names.toCreate());
        }
    }
}

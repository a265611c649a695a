package club.pente.kit.topics;

import club.pente.core.contract.Topic;
import club.pente.kit.config.PenteConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.admin.NewTopic;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The name each catalogue topic has in this deployment, and the shape this platform creates it in. */
@ApplicationScoped
public class TopicNames {
    private final Map<Topic, String> names = new EnumMap<>(Topic.class);
    private final int partitions;
    private final short replicationFactor;
    private final short minInsyncReplicas;

    @Inject
    public TopicNames(PenteConfig config) {
        this(config.topic(), config.kafka().partitions(), config.kafka().replicationFactor(), config.kafka().minInsyncReplicas());
    }

    /** @param configured names by catalogue key; a topic not named there keeps its default name */
    public TopicNames(Map<String, String> configured, int partitions, short replicationFactor) {
        this(configured, partitions, replicationFactor, (short) 1);
    }

    /** @param minInsyncReplicas set on every created topic when above 1 (else the broker's default holds) */
    public TopicNames(Map<String, String> configured, int partitions, short replicationFactor, short minInsyncReplicas) {
        for (Topic topic : Topic.values()) {
            names.put(topic, configured.getOrDefault(topic.key(), topic.defaultName()));
        }
        this.partitions = partitions;
        this.replicationFactor = replicationFactor;
        if (minInsyncReplicas > replicationFactor) {
            throw new IllegalArgumentException("min.insync.replicas " + minInsyncReplicas + " exceeds the replication factor "
                    + replicationFactor + ": no write could ever succeed");
        }
        this.minInsyncReplicas = minInsyncReplicas;
    }

    public String of(Topic topic) {
        return names.get(topic);
    }

    /** Every topic of the catalogue as it is created: spread over the platform's partitions, dead letters on one. */
    public List<NewTopic> toCreate() {
        Map<String, NewTopic> byName = new LinkedHashMap<>();
        for (Topic topic : Topic.values()) {
            NewTopic created = new NewTopic(of(topic), topic.partitioned() ? partitions : 1, replicationFactor);
            Map<String, String> configs = new LinkedHashMap<>(topic.config());
            if (minInsyncReplicas > 1) {
                configs.put("min.insync.replicas", Short.toString(minInsyncReplicas));
            }
            byName.putIfAbsent(of(topic), configs.isEmpty() ? created : created.configs(configs));
        }
        return List.copyOf(byName.values());
    }
}

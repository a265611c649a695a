package club.pente.kit.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.util.Map;

/**
 * What every service configures the same way under {@code pente.}: Kafka and the topic names. A service
 * maps its own settings in a mapping of its own (several mappings may share the prefix).
 */
@ConfigMapping(prefix = "pente")
public interface PenteConfig {

    KafkaSettings kafka();

    /** Topic names by catalogue key ({@code pente.topic.commands} and so on; defaults from the catalogue). */
    Map<String, String> topic();

    interface KafkaSettings {
        /** Where the brokers are; the same value SmallRye's channels read. */
        @WithDefault("${kafka.bootstrap.servers}")
        String bootstrapServers();

        /** Partitions of a partitioned topic this platform creates: how far games and players spread over instances. */
        @WithDefault("12")
        int partitions();

        /** Copies of each topic this platform creates: 1 on the single test broker, 3 on the scaled stack's cluster. */
        @WithDefault("${PENTE_KAFKA_REPLICATION_FACTOR:1}")
        short replicationFactor();

        /**
         * The replicas a write with acks=all needs (the topic's min.insync.replicas): 2 of 3 on the cluster, so a
         * lost broker loses no acknowledged record and refuses writes rather than keep one copy. 1 leaves the
         * broker's default.
         */
        @WithDefault("${PENTE_KAFKA_MIN_INSYNC:1}")
        short minInsyncReplicas();

        /** Whether this service creates the catalogue's missing topics at startup. */
        @WithDefault("true")
        boolean provisionTopics();
    }
}

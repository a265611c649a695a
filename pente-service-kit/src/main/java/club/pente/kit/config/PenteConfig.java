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

        @WithDefault("1")
        short replicationFactor();

        /** Whether this service creates the catalogue's missing topics at startup. */
        @WithDefault("true")
        boolean provisionTopics();
    }
}

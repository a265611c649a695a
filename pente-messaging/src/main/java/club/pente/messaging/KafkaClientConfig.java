package club.pente.messaging;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * What every Kafka client a service makes by hand (the outbox relay, topic provisioning, the game service's command
 * streams and sanctions feed, the gateway's figures) shares with its SmallRye channels: the bootstrap servers and the
 * cluster's security settings ({@code security.protocol}, {@code sasl.*}, {@code ssl.*}). A Quarkus service takes them
 * from its {@code kafka.*} configuration (env {@code KAFKA_SECURITY_PROTOCOL}, {@code KAFKA_SASL_MECHANISM},
 * {@code KAFKA_SASL_JAAS_CONFIG}, {@code KAFKA_SSL_TRUSTSTORE_LOCATION}, ...), the map Quarkus hands SmallRye as
 * {@code default-kafka-broker}. Other keys of that map are left out: they are the channels' business, and a client
 * warns about every setting it does not know.
 */
public final class KafkaClientConfig {
    private static final String BOOTSTRAP = "bootstrap.servers";

    private final Map<String, Object> shared;

    private KafkaClientConfig(Map<String, Object> shared) {
        this.shared = Collections.unmodifiableMap(shared);
    }

    /** Only the bootstrap servers (a comma-separated list), no security: a plain listener. */
    public static KafkaClientConfig bootstrap(String servers) {
        return of(Map.of(), servers);
    }

    /** The connection and security settings of {@code kafka} (keys without the {@code kafka.} prefix), with these servers. */
    public static KafkaClientConfig of(Map<String, ?> kafka, String servers) {
        Map<String, Object> shared = new LinkedHashMap<>();
        kafka.forEach((key, value) -> {
            if (value != null && (key.startsWith("security.") || key.startsWith("sasl.") || key.startsWith("ssl."))) {
                shared.put(key, value);
            }
        });
        if (servers == null || servers.isBlank()) {
            throw new IllegalArgumentException("no Kafka bootstrap servers");
        }
        shared.put(BOOTSTRAP, servers);
        return new KafkaClientConfig(shared);
    }

    public String bootstrapServers() {
        return (String) shared.get(BOOTSTRAP);
    }

    /** A fresh copy for one client, which adds its own settings to it. */
    public Properties properties() {
        Properties properties = new Properties();
        properties.putAll(shared);
        return properties;
    }

    public Map<String, Object> asMap() {
        return shared;
    }

    @Override
    public String toString() {
        return bootstrapServers(); // never the secrets
    }
}

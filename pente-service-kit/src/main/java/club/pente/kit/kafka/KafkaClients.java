package club.pente.kit.kafka;

import club.pente.kit.config.PenteConfig;
import club.pente.messaging.KafkaClientConfig;
import io.smallrye.common.annotation.Identifier;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.util.Map;

/**
 * The settings for the Kafka clients a service makes by hand ({@link KafkaClientConfig}): {@code pente.kafka.bootstrap-servers}
 * and the security part of the {@code kafka.*} configuration that Quarkus hands SmallRye's channels (the
 * {@code default-kafka-broker} map: env {@code KAFKA_SECURITY_PROTOCOL}, {@code KAFKA_SASL_MECHANISM},
 * {@code KAFKA_SASL_JAAS_CONFIG}, {@code KAFKA_SSL_*}), so a cluster that wants SCRAM or TLS gets it from every client alike.
 */
@Singleton
public class KafkaClients {
    private static final String DEFAULT_BROKER = "default-kafka-broker";

    @Produces
    @Singleton
    KafkaClientConfig kafkaClientConfig(PenteConfig config, @Identifier(DEFAULT_BROKER) Instance<Map<String, Object>> broker) {
        Map<String, Object> kafka = broker.isResolvable() ? broker.get() : Map.of();
        return KafkaClientConfig.of(kafka, config.kafka().bootstrapServers());
    }
}

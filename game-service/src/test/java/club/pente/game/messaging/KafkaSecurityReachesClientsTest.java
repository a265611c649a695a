package club.pente.game.messaging;

import club.pente.messaging.KafkaClientConfig;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The command streams' consumer and transactional producer get the cluster's security settings (the kafka.* part that
 * SmallRye's channels get too) next to every broker of the bootstrap list.
 */
class KafkaSecurityReachesClientsTest {
    private static final String BROKERS = "127.0.0.1:9092,127.0.0.1:9094,127.0.0.1:9096";
    private static final KafkaClientConfig KAFKA = KafkaClientConfig.of(Map.of("security.protocol", "SASL_PLAINTEXT",
            "sasl.mechanism", "SCRAM-SHA-512", "sasl.jaas.config", "scram login"), BROKERS);

    private static void secured(Properties properties) {
        assertThat(properties).containsEntry("bootstrap.servers", BROKERS).containsEntry("security.protocol", "SASL_PLAINTEXT")
                .containsEntry("sasl.mechanism", "SCRAM-SHA-512").containsEntry("sasl.jaas.config", "scram login");
    }

    @Test
    void theCommandStreamsClientsAreSecuredAndTheProducerStaysTransactionalAndIdempotent() {
        CommandStream stream = new CommandStream("commands-0", new CommandStream.Settings(KAFKA, "pente-game-service", "c", "e", "a", "d",
                500, Duration.ofSeconds(10), Duration.ofSeconds(3), Duration.ofSeconds(10), 5, Duration.ofMillis(100), Duration.ofSeconds(2)),
                null, null);
        secured(stream.consumerProperties());
        assertThat(stream.consumerProperties()).containsEntry("isolation.level", "read_committed").containsEntry("group.id", "pente-game-service");
        Properties producer = stream.producerProperties();
        secured(producer);
        assertThat(producer).containsEntry("acks", "all").containsEntry("enable.idempotence", "true");
        assertThat((String) producer.get("transactional.id")).startsWith("pente-game-commands-0-");
        assertThat(stream.producerProperties().get("transactional.id")).as("unique per producer").isNotEqualTo(producer.get("transactional.id"));
    }
}

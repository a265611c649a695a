package club.pente.messaging;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The cluster's security settings reach every client this module makes, next to the bootstrap list; nothing else does. */
class KafkaClientConfigTest {
    private static final Map<String, Object> QUARKUS_KAFKA = Map.of(
            "bootstrap.servers", "ignored:1",
            "security.protocol", "SASL_SSL",
            "sasl.mechanism", "SCRAM-SHA-512",
            "sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"rating\" password=\"x\";",
            "ssl.truststore.location", "/etc/kafka/ca.p12",
            "health.enabled", "true",
            "devservices.enabled", "false");
    private static final String BROKERS = "k1:9092,k2:9092,k3:9092";

    private static void hasSecurity(Properties properties) {
        assertThat(properties).containsEntry("bootstrap.servers", BROKERS)
                .containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
                .containsEntry("ssl.truststore.location", "/etc/kafka/ca.p12")
                .containsKey("sasl.jaas.config")
                .doesNotContainKeys("health.enabled", "devservices.enabled");
    }

    @Test
    void theOutboxRelaysProducerAndReaderAndTheTopicProvisionerGetTheSecuritySettings() {
        KafkaClientConfig kafka = KafkaClientConfig.of(QUARKUS_KAFKA, BROKERS);
        OutboxRelay relay = new OutboxRelay("test", null, OutboxTable.singleTopic("k", "t", 1L), new WakeSignal(), kafka, 10, 50);
        hasSecurity(relay.producerProperties());
        assertThat(relay.producerProperties()).containsEntry("acks", "all").containsEntry("enable.idempotence", "true");
        hasSecurity(relay.consumerProperties());
        assertThat(relay.consumerProperties()).containsEntry("isolation.level", "read_committed");
        hasSecurity(TopicProvisioner.adminProperties(kafka));
    }

    @Test
    void eachClientGetsItsOwnCopyAndTheSecretsStayOutOfTheText() {
        KafkaClientConfig kafka = KafkaClientConfig.of(QUARKUS_KAFKA, BROKERS);
        kafka.properties().put("acks", "0");
        assertThat(kafka.properties()).doesNotContainKey("acks");
        assertThat(kafka.toString()).isEqualTo(BROKERS).doesNotContain("password");
        assertThat(KafkaClientConfig.bootstrap(BROKERS).properties()).containsOnlyKeys("bootstrap.servers");
        assertThatThrownBy(() -> KafkaClientConfig.of(Map.of(), " ")).isInstanceOf(IllegalArgumentException.class);
    }
}

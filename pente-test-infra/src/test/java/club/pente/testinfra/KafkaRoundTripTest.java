package club.pente.testinfra;

import static org.assertj.core.api.Assertions.assertThat;

import club.pente.stack.Deadline;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

@StackTest
class KafkaRoundTripTest {

    // Kafka clients log every config at INFO; held in a field so the level is not garbage-collected.
    private static final Logger KAFKA_LOGS = Logger.getLogger("org.apache.kafka");

    static {
        KAFKA_LOGS.setLevel(Level.WARNING);
    }

    @Test
    void aRecordProducedIsConsumedWithItsKey() throws Exception {
        String servers = new KafkaTestResource().start().get("kafka.bootstrap.servers");
        String topic = "pente.test." + UUID.randomUUID();
        String key = "game-" + UUID.randomUUID();

        Properties pp = new Properties();
        pp.putAll(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, servers,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName(),
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName()));
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(pp)) {
            producer.send(new ProducerRecord<>(topic, key, "{\"move\":\"K10\"}")).get();
        }

        Properties cp = new Properties();
        cp.putAll(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, servers,
                ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName(),
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName()));
        List<ConsumerRecord<String, String>> received = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(cp)) {
            consumer.subscribe(List.of(topic));
            Deadline deadline = Deadline.after(Duration.ofSeconds(30));
            while (received.isEmpty() && !deadline.passed()) {
                consumer.poll(Duration.ofMillis(500)).forEach(received::add);
            }
        }

        assertThat(received).hasSize(1);
        assertThat(received.get(0).key()).isEqualTo(key);
        assertThat(received.get(0).value()).isEqualTo("{\"move\":\"K10\"}");
    }
}

package club.pente.testinfra;

import club.pente.core.contract.Contracts;
import com.fasterxml.jackson.core.JsonProcessingException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Future;
import java.util.function.Function;

/** Publishes records as a test's stand-in for another service would: strings, {@code acks=all}, each send awaited. */
public final class StreamPublisher implements AutoCloseable {
    private final KafkaProducer<String, String> producer;

    public StreamPublisher(String bootstrapServers) {
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrapServers);
        props.put("acks", "all");
        producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }

    /** Sends the value as it is ({@code null}: a tombstone) and waits until the broker has it. */
    public void send(String topic, String key, String value) {
        send(topic, key, value, Map.of());
    }

    /** Sends with headers (UTF-8 values), e.g. the event type header a producer sets. */
    public void send(String topic, String key, String value, Map<String, String> headers) {
        ProducerRecord<String, String> record = new ProducerRecord<>(topic, key, value);
        headers.forEach((name, header) -> record.headers().add(name, header.getBytes(StandardCharsets.UTF_8)));
        await(producer.send(record));
    }

    /** Sends a contract object as the JSON a service writes. */
    public void sendJson(String topic, String key, Object value) {
        send(topic, key, json(value));
    }

    /** Sends many at once (the producer batches them) and waits until all are acknowledged. */
    public <V> void sendAllJson(String topic, List<V> values, Function<V, String> key) {
        List<Future<?>> sends = new ArrayList<>();
        for (V value : values) {
            sends.add(producer.send(new ProducerRecord<>(topic, key.apply(value), json(value))));
        }
        sends.forEach(StreamPublisher::await);
    }

    public static String json(Object value) {
        try {
            return Contracts.json().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value, e);
        }
    }

    private static void await(Future<?> send) {
        try {
            send.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (Exception e) {
            throw new IllegalStateException("the broker did not take the record", e);
        }
    }

    @Override
    public void close() {
        producer.close();
    }
}

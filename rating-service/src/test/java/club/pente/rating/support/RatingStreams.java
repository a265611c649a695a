package club.pente.rating.support;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RatingChanged;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.ConfigProvider;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;

/**
 * A test's view of the streams around the rating service: publishes game events as the game service
 * does (JSON, keyed by game id) and records every RatingChanged and dead-lettered record from the
 * moment it was opened.
 */
public final class RatingStreams implements AutoCloseable {
    private final KafkaProducer<String, String> producer;
    private final KafkaConsumer<String, String> consumer;
    private final List<ConsumerRecord<String, String>> ratingRecords = new CopyOnWriteArrayList<>();
    private final List<ConsumerRecord<String, String>> deadLetters = new CopyOnWriteArrayList<>();
    private final Thread poller;
    private volatile boolean running = true;
    private final String eventsTopic;
    private final String deadLetterTopic;

    public static RatingStreams open() {
        var config = ConfigProvider.getConfig();
        return new RatingStreams(config.getValue("kafka.bootstrap.servers", String.class),
                config.getValue("pente.topic.events", String.class),
                config.getValue("pente.topic.rating-events", String.class),
                config.getValue("pente.topic.events-dlq", String.class));
    }

    public RatingStreams(String bootstrapServers, String eventsTopic, String ratingTopic, String deadLetterTopic) {
        this.eventsTopic = eventsTopic;
        this.deadLetterTopic = deadLetterTopic;
        Properties producerProps = new Properties();
        producerProps.put("bootstrap.servers", bootstrapServers);
        producerProps.put("acks", "all");
        producer = new KafkaProducer<>(producerProps, new StringSerializer(), new StringSerializer());
        Properties consumerProps = new Properties();
        consumerProps.put("bootstrap.servers", bootstrapServers);
        consumerProps.put("enable.auto.commit", "false");
        consumerProps.put("isolation.level", "read_committed");
        consumer = new KafkaConsumer<>(consumerProps, new StringDeserializer(), new StringDeserializer());
        List<TopicPartition> partitions = new ArrayList<>();
        for (String topic : List.of(ratingTopic, deadLetterTopic)) {
            consumer.partitionsFor(topic, Duration.ofSeconds(30))
                    .forEach(info -> partitions.add(new TopicPartition(topic, info.partition())));
        }
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position); // resolve the end now, before the test sends anything
        poller = new Thread(this::poll, "test-rating-poller");
        poller.setDaemon(true);
        poller.start();
    }

    private void poll() {
        while (running) {
            for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(100))) {
                (record.topic().equals(deadLetterTopic) ? deadLetters : ratingRecords).add(record);
            }
        }
        consumer.close();
    }

    /** A GameEnded as the game service would publish it. */
    public static GameEnded ended(String gameId, PlayerRef white, PlayerRef black, Status result, EndReason reason, boolean ranked) {
        return new GameEnded(Contracts.SCHEMA_VERSION, UUID.randomUUID().toString(), gameId, 42, Contracts.now(),
                UUID.randomUUID().toString(), result, reason, ranked, white, black, 41, PerSide.ZERO,
                new PerSide(result == Status.WHITE_WINS ? 5 : 0, result == Status.BLACK_WINS ? 5 : 0));
    }

    public static GameEnded ranked(PlayerRef white, PlayerRef black, Status result) {
        return ended(UUID.randomUUID().toString(), white, black, result,
                result == Status.DRAW ? EndReason.BOARD_FULL : EndReason.FIVE_IN_A_ROW, true);
    }

    public static PlayerRef account(String name) {
        return new PlayerRef(UUID.randomUUID().toString(), name);
    }

    public void publish(GameEnded event) {
        try {
            sendRaw(event.gameId(), Contracts.json().writeValueAsString(event));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Sends many at once (the producer batches them) and waits until all are acknowledged. */
    public void publishAll(List<GameEnded> events) {
        try {
            List<Future<?>> sends = new ArrayList<>();
            for (GameEnded event : events) {
                sends.add(producer.send(new ProducerRecord<>(eventsTopic, event.gameId(), Contracts.json().writeValueAsString(event))));
            }
            for (Future<?> send : sends) {
                send.get();
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public void sendRaw(String key, String value) {
        try {
            producer.send(new ProducerRecord<>(eventsTopic, key, value)).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Sends a record with the event type header the game service sets, whatever the value says. */
    public void sendTyped(String key, String value, String eventType) {
        try {
            ProducerRecord<String, String> record = new ProducerRecord<>(eventsTopic, key, value);
            record.headers().add(EventHeaders.TYPE, EventHeaders.typeValue(eventType));
            producer.send(record).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public List<ConsumerRecord<String, String>> ratingRecords() {
        return List.copyOf(ratingRecords);
    }

    public List<RatingChanged> ratingChanges(String gameId) {
        List<RatingChanged> found = new ArrayList<>();
        for (ConsumerRecord<String, String> record : ratingRecords) {
            try {
                RatingChanged changed = Contracts.json().readValue(record.value(), RatingChanged.class);
                if (changed.gameId().equals(gameId)) {
                    found.add(changed);
                }
            } catch (Exception e) {
                throw new IllegalStateException("unreadable rating event: " + record.value(), e);
            }
        }
        return found;
    }

    public List<ConsumerRecord<String, String>> deadLetters() {
        return List.copyOf(deadLetters);
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        poller.join(5_000);
        producer.close();
    }
}

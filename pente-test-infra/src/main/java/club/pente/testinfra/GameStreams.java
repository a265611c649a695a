package club.pente.testinfra;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.GameEvent;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/**
 * A test's view of the game streams: sends commands like any producer would, and records every event
 * (and dead-lettered record) published from the moment it was opened.
 */
public final class GameStreams implements AutoCloseable {
    private final KafkaProducer<String, String> producer;
    private final KafkaConsumer<String, String> consumer;
    private final Map<String, List<GameEvent>> events = new ConcurrentHashMap<>();
    private final List<ConsumerRecord<String, String>> eventRecords = new CopyOnWriteArrayList<>();
    private final List<ConsumerRecord<String, String>> deadLetters = new CopyOnWriteArrayList<>();
    private final Thread poller;
    private volatile boolean running = true;
    private final String commandsTopic;
    private final String eventsTopic;
    private final String deadLetterTopic;

    public GameStreams(String bootstrapServers, String commandsTopic, String eventsTopic, String deadLetterTopic) {
        this.commandsTopic = commandsTopic;
        this.eventsTopic = eventsTopic;
        this.deadLetterTopic = deadLetterTopic;
        Properties producerProps = new Properties();
        producerProps.put("bootstrap.servers", bootstrapServers);
        producerProps.put("acks", "all");
        producer = new KafkaProducer<>(producerProps, new StringSerializer(), new StringSerializer());
        Properties consumerProps = new Properties();
        consumerProps.put("bootstrap.servers", bootstrapServers);
        consumerProps.put("enable.auto.commit", "false");
        // Events are published in Kafka transactions: see what every service sees, never an aborted one.
        consumerProps.put("isolation.level", "read_committed");
        consumer = new KafkaConsumer<>(consumerProps, new StringDeserializer(), new StringDeserializer());
        List<TopicPartition> partitions = new ArrayList<>();
        for (String topic : List.of(eventsTopic, deadLetterTopic)) {
            consumer.partitionsFor(topic, Duration.ofSeconds(30))
                    .forEach(info -> partitions.add(new TopicPartition(topic, info.partition())));
        }
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position); // resolve the end now, before the test sends anything
        poller = new Thread(this::poll, "test-event-poller");
        poller.setDaemon(true);
        poller.start();
    }

    private void poll() {
        while (running) {
            for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(100))) {
                if (record.topic().equals(deadLetterTopic)) {
                    deadLetters.add(record);
                    continue;
                }
                eventRecords.add(record);
                try {
                    GameEvent event = Contracts.json().readValue(record.value(), GameEvent.class);
                    events.computeIfAbsent(event.gameId(), id -> new CopyOnWriteArrayList<>()).add(event);
                } catch (Exception e) {
                    throw new IllegalStateException("unreadable event on the topic: " + record.value(), e);
                }
            }
        }
        consumer.close();
    }

    public void send(GameCommand command) {
        try {
            producer.send(new ProducerRecord<>(commandsTopic, command.gameId(),
                    Contracts.json().writeValueAsString(command))).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public void sendRaw(String key, String value) {
        try {
            producer.send(new ProducerRecord<>(commandsTopic, key, value)).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public List<GameEvent> events(String gameId) {
        return List.copyOf(events.getOrDefault(gameId, List.of()));
    }

    public List<ConsumerRecord<String, String>> eventRecords() {
        return List.copyOf(eventRecords);
    }

    public List<ConsumerRecord<String, String>> deadLetters() {
        return List.copyOf(deadLetters);
    }

    /** Waits (polling, with a deadline) for an event of the game that matches. */
    public <E extends GameEvent> E await(String gameId, Class<E> type, Predicate<E> matching, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            for (GameEvent event : events(gameId)) {
                if (type.isInstance(event) && matching.test(type.cast(event))) {
                    return type.cast(event);
                }
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " for game " + gameId + " within " + timeout
                + "; saw " + events(gameId));
    }

    public <E extends GameEvent> E await(String gameId, Class<E> type, Predicate<E> matching) {
        return await(gameId, type, matching, Duration.ofSeconds(20));
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        poller.join(5_000);
        producer.close();
    }

}

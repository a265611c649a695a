package club.pente.matchmaking.support;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.MatchmakingEvent;
import club.pente.core.contract.PresenceChanged;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.Config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/**
 * A test's view of what matchmaking publishes (commands, notifications, with their record keys) from the
 * moment it was opened; it also plays the game service and the gateway by publishing GameEnded and
 * PresenceChanged.
 */
public final class MatchmakingStreams implements AutoCloseable {
    public record Keyed<T>(String key, T value) {
    }

    private final KafkaProducer<String, String> producer;
    private final KafkaConsumer<String, String> consumer;
    private final List<Keyed<GameCommand>> commands = new CopyOnWriteArrayList<>();
    private final List<Keyed<MatchmakingEvent>> notifications = new CopyOnWriteArrayList<>();
    private final String commandsTopic;
    private final String eventsTopic;
    private final String presenceTopic;
    private final Thread poller;
    private volatile boolean running = true;

    public MatchmakingStreams(String bootstrap, String commandsTopic, String eventsTopic, String presenceTopic,
                              String notificationsTopic) {
        this.commandsTopic = commandsTopic;
        this.eventsTopic = eventsTopic;
        this.presenceTopic = presenceTopic;
        Properties producerProps = new Properties();
        producerProps.put("bootstrap.servers", bootstrap);
        producerProps.put("acks", "all");
        producer = new KafkaProducer<>(producerProps, new StringSerializer(), new StringSerializer());
        Properties consumerProps = new Properties();
        consumerProps.put("bootstrap.servers", bootstrap);
        consumerProps.put("enable.auto.commit", "false");
        consumer = new KafkaConsumer<>(consumerProps, new StringDeserializer(), new StringDeserializer());
        List<TopicPartition> partitions = new ArrayList<>();
        for (String topic : List.of(commandsTopic, notificationsTopic)) {
            consumer.partitionsFor(topic, Duration.ofSeconds(30))
                    .forEach(info -> partitions.add(new TopicPartition(topic, info.partition())));
        }
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        partitions.forEach(consumer::position);
        poller = new Thread(this::poll, "test-matchmaking-poller");
        poller.setDaemon(true);
        poller.start();
    }

    public static MatchmakingStreams of(Config config) {
        return new MatchmakingStreams(config.getValue("kafka.bootstrap.servers", String.class),
                config.getValue("pente.topic.commands", String.class), config.getValue("pente.topic.events", String.class),
                config.getValue("pente.topic.presence", String.class),
                config.getValue("pente.topic.matchmaking-events", String.class));
    }

    private void poll() {
        while (running) {
            for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(100))) {
                try {
                    if (record.topic().equals(commandsTopic)) {
                        commands.add(new Keyed<>(record.key(), Contracts.json().readValue(record.value(), GameCommand.class)));
                    } else {
                        notifications.add(new Keyed<>(record.key(), Contracts.json().readValue(record.value(), MatchmakingEvent.class)));
                    }
                } catch (Exception e) {
                    throw new IllegalStateException("unreadable record on " + record.topic() + ": " + record.value(), e);
                }
            }
        }
        consumer.close();
    }

    public List<Keyed<GameCommand>> commands() {
        return List.copyOf(commands);
    }

    public List<CreateGame> createGames() {
        return commands.stream().map(Keyed::value).filter(CreateGame.class::isInstance).map(CreateGame.class::cast).toList();
    }

    public List<Keyed<MatchmakingEvent>> notifications() {
        return List.copyOf(notifications);
    }

    public CreateGame awaitCreateGame(String gameId) {
        return await(() -> createGames().stream().filter(c -> c.gameId().equals(gameId)).findFirst().orElse(null),
                "CreateGame for " + gameId);
    }

    /** The first notification of this type sent to {@code key} that matches. */
    public <E extends MatchmakingEvent> E awaitNotification(String key, Class<E> type, Predicate<E> matching) {
        return await(() -> notifications.stream()
                .filter(k -> k.key().equals(key) && type.isInstance(k.value()) && matching.test(type.cast(k.value())))
                .map(k -> type.cast(k.value())).findFirst().orElse(null), type.getSimpleName() + " for " + key);
    }

    public void publishEvent(GameEvent event) {
        send(eventsTopic, event.gameId(), event);
    }

    public void publishPresence(PresenceChanged presence) {
        send(presenceTopic, presence.scope(), presence);
    }

    private void send(String topic, String key, Object value) {
        try {
            producer.send(new ProducerRecord<>(topic, key, Contracts.json().writeValueAsString(value))).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Polls with a deadline (20 s) until the supplier gives something. */
    public static <T> T await(java.util.function.Supplier<T> supplier, String what) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            T value = supplier.get();
            if (value != null) {
                return value;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError("no " + what + " within 20 s");
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        poller.join(5_000);
        producer.close();
    }
}

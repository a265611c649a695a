package club.pente.load;

import club.pente.core.contract.EventHeaders;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.time.Duration;
import java.util.List;
import java.util.Properties;

/**
 * Reads {@code pente.game.events} from its end on a thread of its own, which alone uses and closes the
 * consumer ({@link #close} only wakes it: a KafkaConsumer closed from another thread throws). Committed
 * records only ({@code read_committed}: the game service publishes in Kafka transactions), and other games'
 * records are skipped by key, or by the type header, before any JSON is parsed.
 */
public final class EventReader implements AutoCloseable {
    private static final List<byte[]> TYPES = List.of(EventHeaders.typeValue("GameStarted"), EventHeaders.typeValue("MovePlayed"),
            EventHeaders.typeValue("MoveRejected"), EventHeaders.typeValue("GameEnded"));

    private final KafkaConsumer<String, byte[]> consumer;
    private final String keyPrefix;
    private final GameLedger ledger;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile Throwable failure;
    private volatile long skipped;

    /** Assigns every partition of the topic at its end (so the run sees all of its own games' events) and starts reading. */
    public EventReader(String bootstrap, String topic, String commandsTopic, String keyPrefix, GameLedger ledger) {
        this.keyPrefix = keyPrefix;
        this.ledger = ledger;
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        props.put("enable.auto.commit", "false");
        props.put("isolation.level", "read_committed");
        props.put("max.poll.records", "2000");
        props.put("client.id", "pente-load-driver-events");
        // A mistyped topic must be an error, never a new empty topic that nobody serves.
        props.put("allow.auto.create.topics", "false");
        consumer = new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer());
        try {
            requireTopic(commandsTopic, bootstrap);
            List<PartitionInfo> infos = requireTopic(topic, bootstrap);
            List<TopicPartition> partitions = infos.stream().map(p -> new TopicPartition(p.topic(), p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            partitions.forEach(p -> consumer.position(p, Duration.ofSeconds(10)));
        } catch (org.apache.kafka.common.errors.TimeoutException e) {
            consumer.close(Duration.ZERO);
            throw new PlatformException("Kafka " + bootstrap + " does not answer (" + e.getMessage() + "): is it running (./pente up)?");
        } catch (RuntimeException e) {
            consumer.close(Duration.ZERO);
            throw e;
        }
        thread = new Thread(this::run, "load-events");
        thread.setDaemon(true);
        thread.start();
    }

    private List<PartitionInfo> requireTopic(String topic, String bootstrap) {
        List<PartitionInfo> infos = consumer.partitionsFor(topic, Duration.ofSeconds(10));
        if (infos == null || infos.isEmpty()) {
            throw new PlatformException("topic " + topic + " does not exist on Kafka " + bootstrap
                    + ": is the game service running (./pente up)? It creates its topics at start");
        }
        return infos;
    }

    private void run() {
        try {
            while (running) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(100))) {
                    handle(record);
                }
            }
        } catch (WakeupException stopping) {
            // close() asked us to stop.
        } catch (Throwable t) {
            failure = t;
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    private void handle(ConsumerRecord<String, byte[]> record) throws Exception {
        long now = System.nanoTime();
        String key = record.key();
        if (key == null || !key.startsWith(keyPrefix) || !ledger.isOurs(key)) {
            skipped++;
            return;
        }
        Header type = record.headers().lastHeader(EventHeaders.TYPE);
        if (type != null && !knownType(type.value())) {
            skipped++;
            return;
        }
        EventDigest event = EventDigest.parse(record.value());
        if (!key.equals(event.gameId())) {
            throw new IllegalStateException("record key " + key + " carries an event of game " + event.gameId());
        }
        ledger.accept(event, now);
    }

    private static boolean knownType(byte[] value) {
        for (byte[] t : TYPES) {
            if (EventHeaders.isType(value, t)) {
                return true;
            }
        }
        return false;
    }

    /** Throws what stopped the reader thread, if anything did. */
    public void check() {
        Throwable t = failure;
        if (t != null) {
            throw new IllegalStateException("the event reader failed: " + t, t);
        }
    }

    public boolean reading() {
        return thread.isAlive();
    }

    public long skipped() {
        return skipped;
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        consumer.wakeup();
        thread.join(10_000);
    }

    /** The platform is missing or does not answer: a clear message, no stack trace. */
    public static final class PlatformException extends RuntimeException {
        public PlatformException(String message) {
            super(message);
        }
    }
}

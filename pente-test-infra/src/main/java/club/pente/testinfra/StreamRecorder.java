package club.pente.testinfra;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What a test sees published on some topics: every record (topic, key, value read by a given function,
 * headers) in the order this recorder polled it. It reads as every service does, {@code read_committed}
 * (events are written in Kafka transactions; an aborted one is never seen), from the end of each
 * partition as it was when the recorder opened ({@link #fromNow}) or from the beginning ({@link #fromStart}).
 * A value the function cannot read fails the test at its next look, never silently.
 *
 * @param <T> what a record's value is read as; the function is given {@code null} for a tombstone
 */
public final class StreamRecorder<T> implements AutoCloseable {
    /** How long a test waits for a record, where it does not say. */
    public static final Duration DEFAULT_WAIT = Duration.ofSeconds(20);

    /** One record as recorded; {@code headers} holds the last value of each header, as UTF-8. */
    public record Recorded<T>(String topic, int partition, long offset, String key, T value, Map<String, String> headers) {
        public String header(String name) {
            return headers.get(name);
        }
    }

    private final KafkaConsumer<String, String> consumer;
    private final Function<String, T> read;
    private final Consumer<? super Recorded<T>> listener;
    private final List<Recorded<T>> records = new CopyOnWriteArrayList<>();
    private final Thread poller;
    private volatile boolean running = true;
    private volatile RuntimeException failure;

    private StreamRecorder(String bootstrapServers, Function<String, T> read, Consumer<? super Recorded<T>> listener,
                           boolean fromStart, List<String> topics) {
        if (topics.isEmpty()) {
            throw new IllegalArgumentException("no topic to record");
        }
        this.read = read;
        this.listener = listener;
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrapServers);
        props.put("enable.auto.commit", "false");
        props.put("isolation.level", "read_committed");
        consumer = new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer());
        try {
            List<TopicPartition> partitions = new ArrayList<>();
            for (String topic : topics) {
                consumer.partitionsFor(topic, Duration.ofSeconds(30))
                        .forEach(info -> partitions.add(new TopicPartition(topic, info.partition())));
            }
            consumer.assign(partitions);
            if (fromStart) {
                consumer.seekToBeginning(partitions);
            } else {
                consumer.seekToEnd(partitions);
            }
            partitions.forEach(consumer::position); // resolve the positions now, before the test sends anything
        } catch (RuntimeException e) {
            consumer.close();
            throw e;
        }
        poller = new Thread(this::poll, "test-recorder-" + String.join(",", topics));
        poller.setDaemon(true);
        poller.start();
    }

    /** Records what is published on {@code topics} from now on. */
    public static <T> StreamRecorder<T> fromNow(String bootstrapServers, Function<String, T> read, String... topics) {
        return new StreamRecorder<>(bootstrapServers, read, r -> { }, false, List.of(topics));
    }

    /**
     * Records from now on and hands each record, once recorded, to {@code listener} (on the recorder's
     * thread, in order): for a test that keeps its own index, say by game, over many thousand records.
     */
    public static <T> StreamRecorder<T> fromNow(String bootstrapServers, Function<String, T> read,
                                                Consumer<? super Recorded<T>> listener, String... topics) {
        return new StreamRecorder<>(bootstrapServers, read, listener, false, List.of(topics));
    }

    /** Records everything on {@code topics}, from the beginning of each partition. */
    public static <T> StreamRecorder<T> fromStart(String bootstrapServers, Function<String, T> read, String... topics) {
        return new StreamRecorder<>(bootstrapServers, read, r -> { }, true, List.of(topics));
    }

    /** Records the values as they are (the raw JSON, {@code null} for a tombstone). */
    public static StreamRecorder<String> rawFromNow(String bootstrapServers, String... topics) {
        return fromNow(bootstrapServers, Function.identity(), topics);
    }

    // The consumer is not thread-safe: only this thread polls it, and it closes it.
    private void poll() {
        try {
            while (running) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(100))) {
                    Recorded<T> recorded = new Recorded<>(record.topic(), record.partition(), record.offset(), record.key(),
                            readValue(record), headers(record));
                    records.add(recorded);
                    listener.accept(recorded);
                }
            }
        } catch (RuntimeException e) {
            failure = e;
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    private T readValue(ConsumerRecord<String, String> record) {
        try {
            return read.apply(record.value());
        } catch (RuntimeException e) {
            throw new IllegalStateException("unreadable record on " + record.topic() + " at partition " + record.partition()
                    + " offset " + record.offset() + ": " + record.value(), e);
        }
    }

    private static Map<String, String> headers(ConsumerRecord<String, String> record) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (Header header : record.headers()) {
            headers.put(header.key(), header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8));
        }
        return Collections.unmodifiableMap(headers);
    }

    /** Every record so far, in the order polled. */
    public List<Recorded<T>> records() {
        requireRunning();
        return List.copyOf(records);
    }

    /** Fails (the test) when the recorder stopped on a record it could not read, or lost its broker. */
    public void requireRunning() {
        RuntimeException failed = failure;
        if (failed != null) {
            throw new IllegalStateException("the recorder stopped: " + failed.getMessage(), failed);
        }
    }

    /** The records so far that match. */
    public List<Recorded<T>> records(Predicate<? super Recorded<T>> matching) {
        return records().stream().filter(matching).toList();
    }

    /** The values so far, in the order polled. */
    public List<T> values() {
        return records().stream().map(Recorded::value).toList();
    }

    /** The values so far of this type, e.g. the {@code CreateGame}s among commands. */
    public <E extends T> List<E> values(Class<E> type) {
        return records().stream().map(Recorded::value).filter(type::isInstance).map(type::cast).toList();
    }

    /** Waits, up to {@code within}, for a record that matches; returns the first. */
    public Recorded<T> awaitMatching(String what, Predicate<? super Recorded<T>> matching, Duration within) {
        return awaitCount(what, 1, matching, within).get(0);
    }

    public Recorded<T> awaitMatching(String what, Predicate<? super Recorded<T>> matching) {
        return awaitMatching(what, matching, DEFAULT_WAIT);
    }

    /** Waits, up to {@code within}, until at least {@code count} records match; returns all that match by then. */
    public List<Recorded<T>> awaitCount(String what, int count, Predicate<? super Recorded<T>> matching, Duration within) {
        try {
            return Await.until(what, () -> {
                List<Recorded<T>> found = records(matching);
                return found.size() >= count ? found : null;
            }, within);
        } catch (AssertionError e) {
            List<Recorded<T>> found = records(matching);
            throw new AssertionError("wanted " + count + " × " + what + " within " + within + ", saw " + found.size()
                    + " of " + records().size() + " records: " + found);
        }
    }

    public List<Recorded<T>> awaitCount(String what, int count, Predicate<? super Recorded<T>> matching) {
        return awaitCount(what, count, matching, DEFAULT_WAIT);
    }

    /** Waits for the first value of this type that matches, on a record with this key ({@code null}: any key). */
    public <E extends T> E awaitValue(String key, Class<E> type, Predicate<? super E> matching, Duration within) {
        String what = type.getSimpleName() + (key == null ? "" : " keyed " + key);
        return type.cast(awaitMatching(what, r -> (key == null || key.equals(r.key())) && type.isInstance(r.value())
                && matching.test(type.cast(r.value())), within).value());
    }

    public <E extends T> E awaitValue(String key, Class<E> type, Predicate<? super E> matching) {
        return awaitValue(key, type, matching, DEFAULT_WAIT);
    }

    @Override
    public void close() throws InterruptedException {
        running = false; // the poller sees it within one poll (100 ms)
        poller.join(10_000);
    }
}

package club.pente.rating.messaging;

import club.pente.rating.application.OutboxSignal;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import javax.sql.DataSource;
import java.nio.ByteBuffer;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Publishes the outbox (RatingChanged, keyed by player id) to {@code pente.rating.events} in commit order,
 * then marks what was sent. The same relay as the game service's, on this service's own database.
 *
 * <p>One relay runs at a time across all instances: the leader holds a PostgreSQL session advisory
 * lock, which the database releases the moment the leader's process dies. Each record carries its
 * outbox sequence number in a header. A leader that died after Kafka acknowledged a batch but before it
 * marked the rows leaves that batch unmarked; the next leader first reads the tail of every partition
 * (at least one batch deep) and marks what is already there, so the batch is not published twice.
 */
@ApplicationScoped
public class OutboxRelay {
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final long LOCK_KEY = 0x50656E7465526174L; // "PenteRat"
    static final String SEQ_HEADER = "pente-outbox-seq";

    private final DataSource dataSource;
    private final OutboxSignal signal;
    private final String eventsTopic;
    private final String bootstrapServers;
    private final int batchSize;
    private final long pollMillis;
    private final AtomicLong backlog = new AtomicLong();
    private volatile boolean running;
    private volatile boolean leader;
    private Thread thread;

    public OutboxRelay(DataSource dataSource, OutboxSignal signal, MeterRegistry registry, RatingTopics topics,
                       @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
                       @ConfigProperty(name = "pente.outbox.batch-size", defaultValue = "200") int batchSize,
                       @ConfigProperty(name = "pente.outbox.poll-millis", defaultValue = "100") long pollMillis) {
        this.dataSource = dataSource;
        this.signal = signal;
        this.eventsTopic = topics.ratingEvents();
        this.bootstrapServers = bootstrapServers;
        this.batchSize = batchSize;
        this.pollMillis = pollMillis;
        registry.gauge("pente.rating.outbox.backlog", backlog);
    }

    void start(@Observes StartupEvent event) {
        running = true;
        thread = new Thread(this::run, "outbox-relay");
        thread.setDaemon(true);
        thread.start();
    }

    void stop(@Observes ShutdownEvent event) throws InterruptedException {
        running = false;
        if (thread != null) {
            thread.interrupt();
            thread.join(5_000);
        }
    }

    public boolean isLeader() {
        return leader;
    }

    private void run() {
        while (running) {
            try (Connection connection = dataSource.getConnection()) {
                connection.setAutoCommit(true);
                while (running && !tryLock(connection)) {
                    countBacklog(connection);
                    signal.await(1_000);
                }
                if (!running) {
                    return;
                }
                try (KafkaProducer<String, String> producer = producer()) {
                    leader = true;
                    LOG.info("outbox relay: this instance publishes rating events");
                    reconcile(connection);
                    while (running) {
                        if (publishBatch(connection, producer) < batchSize) {
                            signal.await(pollMillis);
                        }
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                if (running) {
                    LOG.warnf("outbox relay: %s; retrying", e.toString());
                    sleepQuietly(1_000);
                }
            } finally {
                leader = false;
            }
        }
    }

    private static boolean tryLock(Connection connection) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("select pg_try_advisory_lock(?)")) {
            statement.setLong(1, LOCK_KEY);
            try (ResultSet rs = statement.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    private void countBacklog(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery("select count(*) from outbox where published_at is null")) {
            rs.next();
            backlog.set(rs.getLong(1));
        }
    }

    /** Publishes up to one batch in sequence order; returns how many rows it published. */
    private int publishBatch(Connection connection, KafkaProducer<String, String> producer) throws Exception {
        List<Long> seqs = new ArrayList<>();
        List<Future<RecordMetadata>> sends = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(
                "select seq, player_id, payload from outbox where published_at is null order by seq limit ?")) {
            select.setInt(1, batchSize);
            try (ResultSet rs = select.executeQuery()) {
                while (rs.next()) {
                    long seq = rs.getLong(1);
                    ProducerRecord<String, String> record = new ProducerRecord<>(eventsTopic, rs.getString(2), rs.getString(3));
                    record.headers().add(SEQ_HEADER, ByteBuffer.allocate(Long.BYTES).putLong(seq).array());
                    sends.add(producer.send(record));
                    seqs.add(seq);
                }
            }
        }
        if (seqs.isEmpty()) {
            backlog.set(0);
            return 0;
        }
        producer.flush();
        for (Future<RecordMetadata> send : sends) {
            send.get();
        }
        markPublished(connection, seqs);
        if (seqs.size() == batchSize) {
            countBacklog(connection);
        }
        return seqs.size();
    }

    private static void markPublished(Connection connection, List<Long> seqs) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(
                "update outbox set published_at = now() where seq = any(?)")) {
            Array array = connection.createArrayOf("bigint", seqs.toArray());
            update.setArray(1, array);
            update.executeUpdate();
        }
    }

    /** Marks rows that a previous leader published but did not live to mark. */
    private void reconcile(Connection connection) throws SQLException {
        long oldest;
        try (Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery("select min(seq) from outbox where published_at is null")) {
            rs.next();
            oldest = rs.getLong(1);
            if (rs.wasNull()) {
                return;
            }
        }
        Set<Long> alreadySent = new HashSet<>();
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrapServers);
        props.put("enable.auto.commit", "false");
        props.put("isolation.level", "read_committed");
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(eventsTopic, Duration.ofSeconds(10)).stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition())).toList();
            consumer.assign(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, Duration.ofSeconds(10));
            Map<TopicPartition, Long> begins = consumer.beginningOffsets(partitions, Duration.ofSeconds(10));
            for (TopicPartition partition : partitions) {
                consumer.seek(partition, Math.max(begins.get(partition), ends.get(partition) - 2L * batchSize));
            }
            long deadline = System.currentTimeMillis() + 30_000;
            while (!caughtUp(consumer, ends) && System.currentTimeMillis() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    Header header = record.headers().lastHeader(SEQ_HEADER);
                    if (header != null) {
                        long seq = ByteBuffer.wrap(header.value()).getLong();
                        if (seq >= oldest) {
                            alreadySent.add(seq);
                        }
                    }
                }
            }
        }
        if (!alreadySent.isEmpty()) {
            markPublished(connection, new ArrayList<>(alreadySent));
            LOG.infof("outbox relay: %d events were already on the topic; marked them published", alreadySent.size());
        }
    }

    private static boolean caughtUp(KafkaConsumer<?, ?> consumer, Map<TopicPartition, Long> ends) {
        for (Map.Entry<TopicPartition, Long> end : ends.entrySet()) {
            if (consumer.position(end.getKey()) < end.getValue()) {
                return false;
            }
        }
        return true;
    }

    private KafkaProducer<String, String> producer() {
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrapServers);
        props.put("acks", "all");
        props.put("enable.idempotence", "true");
        props.put("linger.ms", "0"); // each batch is flushed at once anyway
        props.put("client.id", "pente-rating-outbox-relay");
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

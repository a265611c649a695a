package club.pente.messaging;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
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
 * Publishes a service's outbox to Kafka in commit order, then marks what was sent.
 *
 * <p>One relay runs at a time across a service's instances: the leader holds a PostgreSQL session
 * advisory lock, which the database releases the moment the leader's process dies. Each record carries
 * its outbox sequence number in a header. A leader that died after Kafka acknowledged a batch but before
 * it marked the rows leaves that batch unmarked; the next leader first reads the tail of every partition
 * (at least one batch deep) and marks what is already there, so the batch is not published twice.
 *
 * <p>Plain Java on JDBC and kafka-clients: a service starts it with {@link #start()} and stops it with
 * {@link #stop()}, and calls {@link WakeSignal#wake()} after committing events.
 */
public final class OutboxRelay {
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    public static final String SEQ_HEADER = "pente-outbox-seq";

    private final DataSource dataSource;
    private final WakeSignal signal;
    private final OutboxTable table;
    private final String name;
    private final KafkaClientConfig kafka;
    private final int batchSize;
    private final long pollMillis;
    private final AtomicLong backlog = new AtomicLong();
    private volatile boolean running;
    private volatile boolean leader;
    private Thread thread;

    /**
     * @param name       names the relay in logs and as the Kafka client id, e.g. {@code game}
     * @param pollMillis how often to look for rows committed by other instances
     */
    public OutboxRelay(String name, DataSource dataSource, OutboxTable table, WakeSignal signal, String bootstrapServers,
                       int batchSize, long pollMillis) {
        this(name, dataSource, table, signal, KafkaClientConfig.bootstrap(bootstrapServers), batchSize, pollMillis);
    }

    /** @param kafka the service's Kafka connection and security settings */
    public OutboxRelay(String name, DataSource dataSource, OutboxTable table, WakeSignal signal, KafkaClientConfig kafka,
                       int batchSize, long pollMillis) {
        this.name = name;
        this.dataSource = dataSource;
        this.table = table;
        this.signal = signal;
        this.kafka = kafka;
        this.batchSize = batchSize;
        this.pollMillis = pollMillis;
    }

    public void start() {
        running = true;
        thread = new Thread(this::run, name + "-outbox-relay");
        thread.setDaemon(true);
        thread.start();
    }

    public void stop() throws InterruptedException {
        running = false;
        if (thread != null) {
            thread.interrupt();
            thread.join(5_000);
        }
    }

    /** Rows committed but not yet published, as last counted. */
    public AtomicLong backlog() {
        return backlog;
    }

    public boolean isLeader() {
        return leader;
    }

    private void run() {
        while (running) {
            try (Connection connection = dataSource.getConnection()) {
                boolean locked = false;
                try {
                    connection.setAutoCommit(true);
                    while (running && !(locked = tryLock(connection))) {
                        countBacklog(connection);
                        signal.await(1_000);
                    }
                    if (!running) {
                        return;
                    }
                    try (KafkaProducer<String, String> producer = producer()) {
                        leader = true;
                        LOG.infof("%s outbox relay: this instance publishes %s", name, table.allTopics());
                        reconcile(connection);
                        while (running) {
                            if (publishBatch(connection, producer) < batchSize) {
                                signal.await(pollMillis);
                            }
                        }
                    }
                } finally {
                    leader = false;
                    if (locked) {
                        unlock(connection);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                if (running) {
                    LOG.warnf("%s outbox relay: %s; retrying", name, e.toString());
                    sleepQuietly(1_000);
                }
            } finally {
                leader = false;
            }
        }
    }

    private boolean tryLock(Connection connection) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("select pg_try_advisory_lock(?)")) {
            statement.setLong(1, table.lockKey());
            try (ResultSet rs = statement.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    /**
     * Gives the lead up on a connection that goes back to a pool: a session lock outlives {@code close()} there, and an
     * idle pooled connection holding it would keep every instance (this one too, on its next connection) from leading
     * until the pool retires it. On a broken connection this fails, and the server has dropped the session's locks anyway.
     */
    private void unlock(Connection connection) {
        try (PreparedStatement statement = connection.prepareStatement("select pg_advisory_unlock(?)")) {
            statement.setLong(1, table.lockKey());
            statement.executeQuery().close();
        } catch (SQLException e) {
            LOG.debugf("%s outbox relay: releasing the lock: %s", name, e.toString());
        }
    }

    private void countBacklog(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery(table.countBacklog())) {
            rs.next();
            backlog.set(rs.getLong(1));
        }
    }

    /** Publishes up to one batch in sequence order; returns how many rows it published. */
    private int publishBatch(Connection connection, KafkaProducer<String, String> producer) throws Exception {
        List<Long> seqs = new ArrayList<>();
        List<Future<RecordMetadata>> sends = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(table.selectBatch())) {
            select.setInt(1, batchSize);
            try (ResultSet rs = select.executeQuery()) {
                while (rs.next()) {
                    long seq = rs.getLong(1);
                    ProducerRecord<String, String> record = new ProducerRecord<>(table.topicOf(rs.getString(2)), rs.getString(3), rs.getString(4));
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

    private void markPublished(Connection connection, List<Long> seqs) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(table.markPublished())) {
            Array array = connection.createArrayOf("bigint", seqs.toArray());
            update.setArray(1, array);
            update.executeUpdate();
        }
    }

    /** Marks rows that a previous leader published but did not live to mark. */
    private void reconcile(Connection connection) throws SQLException {
        long oldest;
        try (Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery(table.oldestUnpublished())) {
            rs.next();
            oldest = rs.getLong(1);
            if (rs.wasNull()) {
                return;
            }
        }
        Set<Long> alreadySent = new HashSet<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumerProperties(), new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (String topic : table.allTopics()) {
                consumer.partitionsFor(topic, Duration.ofSeconds(10))
                        .forEach(info -> partitions.add(new TopicPartition(info.topic(), info.partition())));
            }
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
            LOG.infof("%s outbox relay: %d rows were already on Kafka; marked them published", name, alreadySent.size());
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

    /** The reconciling reader's settings: the tails of the outbox's topics, committed records only. */
    Properties consumerProperties() {
        Properties props = kafka.properties();
        props.put("enable.auto.commit", "false");
        props.put("isolation.level", "read_committed");
        return props;
    }

    private KafkaProducer<String, String> producer() {
        return new KafkaProducer<>(producerProperties(), new StringSerializer(), new StringSerializer());
    }

    Properties producerProperties() {
        Properties props = kafka.properties();
        props.put("acks", "all");
        props.put("enable.idempotence", "true");
        props.put("linger.ms", "0"); // each batch is flushed at once anyway
        props.put("client.id", "pente-" + name + "-outbox-relay");
        return props;
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

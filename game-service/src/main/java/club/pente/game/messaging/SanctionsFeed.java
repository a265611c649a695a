package club.pente.game.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.PlayerSanctions;
import club.pente.core.contract.Topic;
import club.pente.game.application.SanctionsBoard;
import club.pente.messaging.KafkaClientConfig;
import club.pente.kit.topics.TopicNames;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Keeps this instance's {@link SanctionsBoard} up to date: its own consumer, assigned every partition of
 * {@code pente.admin.sanctions} without a group, reads the compacted topic from the beginning and then tails it,
 * so every instance refuses a suspended or muted player within a poll of the record. Ready once it has read
 * what the topic held when it started (an instance that has not must not decide moves of sanctioned players): the
 * command streams wait for that ({@link #awaitCaughtUp}), and the forfeit consumer waits until the board has read
 * the record it acts on ({@link #awaitRead}). Every (re)opening replays the topic into a fresh map that replaces the
 * board once caught up, so a lift or a compacted-away tombstone missed while reopening leaves nothing behind.
 */
@ApplicationScoped
@Readiness
public class SanctionsFeed implements HealthCheck, Runnable {
    private static final Logger LOG = Logger.getLogger(SanctionsFeed.class);

    private final SanctionsBoard board;
    private final KafkaClientConfig kafka;
    private final String topic;
    private final SanctionsSettings settings;
    private volatile boolean running = true;
    private volatile boolean caughtUp;
    private final CountDownLatch firstCatchUp = new CountDownLatch(1);
    /** The next offset per partition of what the board holds (set once a replay is swapped in, then per record). */
    private final Map<Integer, Long> boardPositions = new ConcurrentHashMap<>();
    private volatile KafkaConsumer<String, String> consumer;
    private Thread thread;

    public SanctionsFeed(SanctionsBoard board, KafkaClientConfig kafka, TopicNames topics, SanctionsSettings settings) {
        this.board = board;
        this.kafka = kafka;
        this.topic = topics.of(Topic.ADMIN_SANCTIONS);
        this.settings = settings;
    }

    /** After the topics exist (the kit's TopicProvisioning runs first), with the command streams. */
    void start(@Observes @Priority(10) StartupEvent event) {
        thread = new Thread(this, "pente-game-sanctions");
        thread.setDaemon(true);
        thread.start();
    }

    void stop(@Observes ShutdownEvent event) throws InterruptedException {
        running = false;
        KafkaConsumer<String, String> current = consumer;
        if (current != null) {
            current.wakeup();
        }
        if (thread != null) {
            thread.join(5_000);
        }
    }

    @Override
    public void run() {
        while (running) {
            try (KafkaConsumer<String, String> opened = open()) {
                consumer = opened;
                follow(opened);
            } catch (WakeupException e) {
                // stopping
            } catch (Exception e) {
                if (running) {
                    LOG.warnf("sanctions feed: %s; reopening in %d ms", e.toString(), settings.reopenAfter().toMillis());
                    pause(settings.reopenAfter().toMillis());
                }
            } finally {
                consumer = null;
            }
        }
    }

    private KafkaConsumer<String, String> open() {
        Properties props = kafka.properties();
        props.put("client.id", "pente-game-sanctions");
        props.put("enable.auto.commit", "false");
        props.put("isolation.level", "read_committed");
        props.put("allow.auto.create.topics", "false");
        return new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer());
    }

    private void follow(KafkaConsumer<String, String> kafka) {
        List<PartitionInfo> infos = kafka.partitionsFor(topic, Duration.ofSeconds(30));
        if (infos == null || infos.isEmpty()) {
            throw new IllegalStateException("topic " + topic + " has no partitions (yet)");
        }
        List<TopicPartition> partitions = new ArrayList<>();
        for (PartitionInfo info : infos) {
            partitions.add(new TopicPartition(topic, info.partition()));
        }
        kafka.assign(partitions);
        kafka.seekToBeginning(partitions); // the whole truth again, also after a reopen
        Map<TopicPartition, Long> startEnds = kafka.endOffsets(partitions, Duration.ofSeconds(30));
        // Until caught up, records go into a fresh map; the board answers from what it held before (empty at start).
        SanctionsBoard.Replay replay = board.replay();
        while (running) {
            for (ConsumerRecord<String, String> record : kafka.poll(settings.poll())) {
                if (replay != null) {
                    apply(record, replay::clear, replay::apply);
                } else {
                    apply(record, board::clear, board::apply);
                    boardPositions.put(record.partition(), record.offset() + 1);
                }
            }
            if (replay != null && startEnds.entrySet().stream().allMatch(end -> kafka.position(end.getKey()) >= end.getValue())) {
                board.swapIn(replay);
                replay = null;
                for (TopicPartition partition : partitions) {
                    boardPositions.put(partition.partition(), kafka.position(partition));
                }
                caughtUp = true;
                firstCatchUp.countDown();
                LOG.infof("sanctions feed: caught up with %s (%d players sanctioned)", topic, board.size());
            }
        }
    }

    /** A record that is not a player's sanctions is skipped (matchmaking owns the topic; nothing here can fix it). */
    private static void apply(ConsumerRecord<String, String> record, java.util.function.Consumer<String> clear,
                              java.util.function.Consumer<PlayerSanctions> put) {
        if (record.value() == null) {
            if (record.key() != null) {
                clear.accept(record.key());
            }
            return;
        }
        PlayerSanctions sanctions = read(record.value());
        if (sanctions == null || !sanctions.playerId().equals(record.key())) {
            LOG.warnf("sanctions feed: skipping the record at %s-%d offset %d: not a PlayerSanctions keyed by its player",
                    record.topic(), record.partition(), record.offset());
            return;
        }
        put.accept(sanctions);
    }

    /** Waits until the board first holds what the topic held at start; false when it did not within {@code limit}. */
    public boolean awaitCaughtUp(Duration limit) throws InterruptedException {
        return firstCatchUp.await(limit.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Waits until the board holds the record at this partition and offset (or later ones); false after {@code limit}. */
    public boolean awaitRead(int partition, long offset, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (boardPositions.getOrDefault(partition, -1L) <= offset) {
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
            Thread.sleep(Math.min(50, Math.max(1, settings.poll().toMillis() / 4)));
        }
        return true;
    }

    static PlayerSanctions read(String value) {
        try {
            return Contracts.json().readValue(value, PlayerSanctions.class);
        } catch (Exception e) {
            return null;
        }
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("sanctions feed").status(caughtUp).withData("sanctioned", board.size()).build();
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

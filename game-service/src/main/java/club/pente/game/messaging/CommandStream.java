package club.pente.game.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.Topic;
import club.pente.game.application.CommandPipeline;
import club.pente.game.application.CommandRecord;
import club.pente.game.application.EventRecord;
import club.pente.game.application.LiveGames;
import club.pente.messaging.FailureKind;
import club.pente.messaging.KafkaClientConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;

/**
 * One consume-decide-publish loop on its own thread: polls a batch of commands from the partitions Kafka
 * gave it, lets the {@link CommandPipeline} decide and commit them to PostgreSQL in one transaction, then
 * publishes their events, the staff commands' audit entries, the dead letters and the consumer offsets in one
 * Kafka transaction.
 *
 * <p>Why a crash anywhere neither loses nor doubles an event: offsets move only with the events (one
 * Kafka transaction), and readers see only committed transactions. A crash before the database commit
 * leaves nothing; a crash after it but before the Kafka commit leaves the commands unacknowledged, so
 * they come again, from the very same records, and the pipeline republishes their stored events instead
 * of deciding again. A former owner that lost its partitions is fenced: Kafka refuses its offsets (the
 * group generation moved on), and PostgreSQL refuses its game writes (the version guard).
 *
 * <p>A record that is not a command is dead-lettered at once; a command whose handling keeps failing is
 * retried alone within its budget and then dead-lettered, so it never holds up its partition; a database
 * outage is waited out by polling the same records again, since every command would fail alike.
 */
final class CommandStream implements Runnable {
    private static final Logger LOG = Logger.getLogger(CommandStream.class);

    /** Where a stream's settings come from. */
    record Settings(KafkaClientConfig kafka, String groupId, String commandsTopic, String eventsTopic, String auditTopic, String deadLetterTopic,
                    int maxPollRecords, Duration sessionTimeout, Duration heartbeat, Duration transactionTimeout,
                    int attempts, Duration firstBackoff, Duration maxBackoff) {
    }

    private final String name;
    private final Settings settings;
    private final CommandPipeline pipeline;
    private final LiveGames liveGames;
    private final Set<Integer> ownedHere = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private volatile boolean running = true;
    private volatile boolean ready;
    private KafkaConsumer<String, String> consumer;
    private KafkaProducer<String, String> producer;

    CommandStream(String name, Settings settings, CommandPipeline pipeline, LiveGames liveGames) {
        this.name = name;
        this.settings = settings;
        this.pipeline = pipeline;
        this.liveGames = liveGames;
    }

    boolean isReady() {
        return ready;
    }

    void stop() {
        running = false;
        KafkaConsumer<String, String> current = consumer;
        if (current != null) {
            current.wakeup(); // the only consumer method safe from another thread
        }
    }

    @Override
    public void run() {
        long backoff = settings.firstBackoff().toMillis();
        while (running) {
            try {
                open();
                ready = true;
                backoff = settings.firstBackoff().toMillis();
                loop();
            } catch (WakeupException e) {
                if (running) {
                    LOG.warnf("%s: woken up while running; reopening", name);
                }
            } catch (Exception e) {
                if (running) {
                    LOG.warnf("%s: %s; reopening in %d ms", name, e.toString(), backoff);
                    pause(backoff);
                    backoff = Math.min(settings.maxBackoff().toMillis(), backoff * 2);
                }
            } finally {
                ready = false;
                close();
            }
        }
    }

    private void loop() {
        long outageBackoff = settings.firstBackoff().toMillis();
        while (running) {
            ConsumerRecords<String, String> polled = consumer.poll(Duration.ofMillis(200));
            if (polled.isEmpty()) {
                continue;
            }
            try {
                handle(polled);
                outageBackoff = settings.firstBackoff().toMillis();
            } catch (OutageException e) {
                LOG.warnf("%s: %s; reading the same commands again in %d ms", name, e.getCause().toString(), outageBackoff);
                rewind(polled); // nothing of this batch reached Kafka
                pause(outageBackoff);
                outageBackoff = Math.min(settings.maxBackoff().toMillis(), outageBackoff * 2);
            } catch (KafkaException e) {
                // The transaction's fate may be unknown (a timed-out commit): abort it if we still can and
                // go on from the offsets Kafka holds, which a read_committed consumer gets only once stable.
                LOG.warnf("%s: publishing failed (%s)", name, e.toString());
                producer.abortTransaction(); // throws for a fatal error: then both clients are reopened
                seekToCommitted(polled.partitions());
            }
        }
    }

    private void handle(ConsumerRecords<String, String> polled) {
        List<CommandRecord> commands = new ArrayList<>(polled.count());
        Map<CommandRecord, String> raw = new HashMap<>();
        List<DeadLetter> deadLetters = new ArrayList<>();
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (TopicPartition partition : polled.partitions()) {
            List<ConsumerRecord<String, String>> records = polled.records(partition);
            for (ConsumerRecord<String, String> record : records) {
                try {
                    CommandRecord command = new CommandRecord(record.partition(), record.offset(), read(record.value(), record.key()));
                    commands.add(command);
                    raw.put(command, record.value());
                } catch (UnreadableCommandException e) {
                    LOG.warnf("unreadable command at partition %d offset %d: %s", record.partition(), record.offset(), e.getMessage());
                    deadLetters.add(new DeadLetter(record, e));
                }
            }
            offsets.put(partition, new OffsetAndMetadata(records.get(records.size() - 1).offset() + 1));
        }
        List<EventRecord> events = decide(commands, raw, deadLetters);
        publish(events, deadLetters, offsets);
    }

    /** The events of a batch; splits it into single commands when the batch as a whole fails for a record's sake. */
    private List<EventRecord> decide(List<CommandRecord> commands, Map<CommandRecord, String> raw, List<DeadLetter> deadLetters) {
        if (commands.isEmpty()) {
            return List.of();
        }
        try {
            return pipeline.process(commands);
        } catch (RuntimeException e) {
            FailureKind kind = FailureKind.of(e);
            if (kind == FailureKind.OUTAGE) {
                throw new OutageException(e);
            }
            if (commands.size() == 1) {
                return decideAlone(commands.get(0), raw.get(commands.get(0)), e, deadLetters);
            }
            LOG.debugf("%s: a batch of %d failed (%s); deciding its commands one by one", name, commands.size(), e.toString());
        }
        List<EventRecord> events = new ArrayList<>();
        for (CommandRecord command : commands) {
            events.addAll(decide(List.of(command), raw, deadLetters));
        }
        return events;
    }

    private List<EventRecord> decideAlone(CommandRecord command, String value, RuntimeException first, List<DeadLetter> deadLetters) {
        RuntimeException failure = first;
        long backoff = settings.firstBackoff().toMillis();
        for (int attempt = 1; FailureKind.of(failure) == FailureKind.RECORD && attempt < settings.attempts(); attempt++) {
            LOG.warnf("command %s for game %s failed (attempt %d), retrying in %d ms: %s",
                    command.command().commandId(), command.command().gameId(), attempt, backoff, failure.toString());
            pause(backoff);
            backoff = Math.min(settings.maxBackoff().toMillis(), backoff * 2);
            try {
                return pipeline.process(List.of(command));
            } catch (RuntimeException e) {
                if (FailureKind.of(e) == FailureKind.OUTAGE) {
                    throw new OutageException(e);
                }
                failure = e;
            }
        }
        LOG.errorf(failure, "sending command %s for game %s to the dead-letter topic", command.command().commandId(), command.command().gameId());
        deadLetters.add(new DeadLetter(command.command().gameId(), value, command.partition(), command.offset(), failure));
        return List.of();
    }

    private void publish(List<EventRecord> events, List<DeadLetter> deadLetters, Map<TopicPartition, OffsetAndMetadata> offsets) {
        producer.beginTransaction();
        for (EventRecord event : events) {
            RecordHeaders headers = new RecordHeaders();
            headers.add(EventHeaders.TYPE, EventHeaders.typeValue(event.type()));
            String topic = event.topic() == Topic.ADMIN_AUDIT ? settings.auditTopic() : settings.eventsTopic();
            producer.send(new ProducerRecord<>(topic, null, event.key(), event.payload(), headers));
        }
        for (DeadLetter letter : deadLetters) {
            producer.send(letter.toRecord(settings.deadLetterTopic(), settings.commandsTopic()));
        }
        producer.sendOffsetsToTransaction(offsets, consumer.groupMetadata());
        producer.commitTransaction();
    }

    /** Reads the batch's partitions again from their first polled offsets. */
    private void rewind(ConsumerRecords<String, String> polled) {
        Set<TopicPartition> assigned = consumer.assignment();
        for (TopicPartition partition : polled.partitions()) {
            if (assigned.contains(partition)) {
                consumer.seek(partition, polled.records(partition).get(0).offset());
            }
        }
    }

    private void seekToCommitted(Set<TopicPartition> partitions) {
        Set<TopicPartition> assigned = consumer.assignment();
        Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(partitions, Duration.ofSeconds(30));
        for (TopicPartition partition : partitions) {
            if (!assigned.contains(partition)) {
                continue;
            }
            OffsetAndMetadata offset = committed.get(partition);
            if (offset != null) {
                consumer.seek(partition, offset);
            } else {
                consumer.seekToBeginning(List.of(partition));
            }
        }
    }

    private void open() {
        consumer = new KafkaConsumer<>(consumerProperties(), new StringDeserializer(), new StringDeserializer());
        producer = new KafkaProducer<>(producerProperties(), new StringSerializer(), new StringSerializer());
        producer.initTransactions();
        consumer.subscribe(List.of(settings.commandsTopic()), new Ownership());
    }

    Properties consumerProperties() {
        Properties consumerProps = settings.kafka().properties();
        consumerProps.put("group.id", settings.groupId());
        consumerProps.put("client.id", name + "-consumer");
        consumerProps.put("enable.auto.commit", "false");
        consumerProps.put("auto.offset.reset", "earliest");
        consumerProps.put("isolation.level", "read_committed");
        consumerProps.put("allow.auto.create.topics", "false");
        consumerProps.put("max.poll.records", Integer.toString(settings.maxPollRecords()));
        consumerProps.put("session.timeout.ms", Long.toString(settings.sessionTimeout().toMillis()));
        consumerProps.put("heartbeat.interval.ms", Long.toString(settings.heartbeat().toMillis()));
        return consumerProps;
    }

    Properties producerProperties() {
        Properties producerProps = settings.kafka().properties();
        producerProps.put("client.id", name + "-producer");
        // Unique per producer: fencing of a former owner comes from the group generation (KIP-447), and the
        // short timeout lets readers pass a transaction that a killed instance left open.
        producerProps.put("transactional.id", "pente-game-" + name + "-" + UUID.randomUUID());
        producerProps.put("transaction.timeout.ms", Long.toString(settings.transactionTimeout().toMillis()));
        producerProps.put("acks", "all");
        producerProps.put("enable.idempotence", "true");
        producerProps.put("linger.ms", "0"); // commitTransaction flushes the whole batch at once anyway
        return producerProps;
    }

    private void close() {
        if (consumer != null) {
            revoke(Set.copyOf(ownedHere));
            try {
                consumer.close(Duration.ofSeconds(5));
            } catch (Exception e) {
                LOG.debugf("%s: closing the consumer: %s", name, e.toString());
            }
            consumer = null;
        }
        if (producer != null) {
            try {
                producer.close(Duration.ofSeconds(5));
            } catch (Exception e) {
                LOG.debugf("%s: closing the producer: %s", name, e.toString());
            }
            producer = null;
        }
    }

    private void revoke(Collection<Integer> partitions) {
        ownedHere.removeAll(partitions);
        liveGames.revoked(partitions);
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static GameCommand read(String payload, Object key) {
        if (payload == null) {
            throw new UnreadableCommandException("empty record", null);
        }
        GameCommand command;
        try {
            command = Contracts.json().readValue(payload, GameCommand.class);
        } catch (Exception e) {
            throw new UnreadableCommandException("not a command: " + e.getMessage(), e);
        }
        if (command == null) {
            throw new UnreadableCommandException("a JSON null is not a command", null);
        }
        if (key == null || !key.toString().equals(command.gameId())) {
            // A command keyed otherwise may land on a partition that does not own its game.
            throw new UnreadableCommandException("record key " + key + " is not the game id " + command.gameId(), null);
        }
        return command;
    }

    /** Keeps the cache to the partitions owned: a game whose partition moved is another instance's now. */
    private final class Ownership implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            List<Integer> numbers = partitions.stream().map(TopicPartition::partition).toList();
            ownedHere.addAll(numbers);
            liveGames.assigned(numbers);
            LOG.infof("%s: owning command partitions %s", name, ownedHere);
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            revoke(partitions.stream().map(TopicPartition::partition).toList());
            LOG.infof("%s: gave up command partitions %s", name, partitions);
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> partitions) {
            onPartitionsRevoked(partitions);
        }
    }

    /** A record for the dead-letter topic: the original key and value, and why, in SmallRye's header names. */
    private record DeadLetter(String key, String value, int partition, long offset, Throwable reason) {
        private static final int MAX_DEAD_LETTER_CHARS = 64 * 1024;

        DeadLetter(ConsumerRecord<String, String> record, Throwable reason) {
            this(record.key(), record.value(), record.partition(), record.offset(), reason);
        }

        ProducerRecord<String, String> toRecord(String topic, String from) {
            RecordHeaders headers = new RecordHeaders();
            headers.add("dead-letter-reason", bytes(String.valueOf(reason.getMessage())));
            if (reason.getCause() != null) {
                headers.add("dead-letter-cause", bytes(String.valueOf(reason.getCause().getMessage())));
            }
            headers.add("dead-letter-topic", bytes(from));
            headers.add("dead-letter-partition", bytes(Integer.toString(partition)));
            headers.add("dead-letter-offset", bytes(Long.toString(offset)));
            String kept = value;
            if (value != null && value.length() > MAX_DEAD_LETTER_CHARS) {
                // Never more than Kafka takes in one request: a refused dead letter would hold up the partition.
                headers.add("dead-letter-truncated-from", bytes(Integer.toString(value.length())));
                kept = value.substring(0, MAX_DEAD_LETTER_CHARS);
            }
            return new ProducerRecord<>(topic, null, key == null || key.length() > 1000 ? null : key, kept, headers);
        }

        private static byte[] bytes(String value) {
            String cut = value.length() > 1000 ? value.substring(0, 1000) : value;
            return cut.getBytes(StandardCharsets.UTF_8);
        }

    }

    /** The database is down: every command would fail alike, so the batch is read again later. */
    private static final class OutageException extends RuntimeException {
        OutageException(Throwable cause) {
            super(cause);
        }
    }
}

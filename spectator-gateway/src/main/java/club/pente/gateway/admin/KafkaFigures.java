package club.pente.gateway.admin;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.Topic;
import club.pente.kit.topics.TopicNames;
import club.pente.messaging.KafkaClientConfig;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListGroupsOptions;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsSpec;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What Kafka says for the operations page: the lag of every platform consumer group ({@code pente-*}) per topic, and
 * every dead-letter topic of the catalogue (its count, end minus start offsets, and its newest records). Read by an
 * AdminClient on a thread of its own (never the event loop), each call bounded by {@code pente.operations.kafka-timeout},
 * and kept for {@code pente.operations.kafka-cache}: however often the page is refreshed, and by however many staff,
 * the brokers see one read per interval (concurrent refreshes share the read in flight).
 */
@ApplicationScoped
public class KafkaFigures {
    private static final Logger LOG = Logger.getLogger(KafkaFigures.class);
    static final String GROUP_PREFIX = "pente-";
    /** Per-instance groups of stopped gateways linger until Kafka expires their offsets: the page shows at most this many. */
    static final int MAX_GROUPS = 200;
    /** A group id ending in a uuid: one instance's own group (each gateway's, each game-service instance's sanctions reader). */
    private static final java.util.regex.Pattern PER_INSTANCE = java.util.regex.Pattern.compile(
            "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$");
    private static final int MAX_KEY_CHARS = 256;
    private static final int MAX_HEADER_CHARS = 256;

    /** One read: when, whether Kafka answered, and the two tables. */
    public record Figures(Instant readAt, boolean available, String error, ArrayNode consumerGroups, ArrayNode deadLetters,
                          int groupsOmitted, long readMillis) {
    }

    /** The brokers this page asks ({@code pente.operations.kafka-bootstrap}) with the cluster's security settings. */
    private final KafkaClientConfig kafka;
    private final OperationsSettings settings;
    private final List<String> deadLetterTopics = new ArrayList<>();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "pente-operations-kafka");
        thread.setDaemon(true);
        return thread;
    });
    private Admin admin;
    private volatile Figures last;
    private CompletableFuture<Figures> reading;

    public KafkaFigures(OperationsSettings settings, TopicNames topics, KafkaClientConfig kafka) {
        this.settings = settings;
        this.kafka = KafkaClientConfig.of(kafka.asMap(), settings.kafkaBootstrap());
        for (Topic topic : Topic.values()) {
            if (topic.name().endsWith("_DLQ") && !deadLetterTopics.contains(topics.of(topic))) {
                deadLetterTopics.add(topics.of(topic));
            }
        }
    }

    /** The dead-letter topics shown, as this deployment names them. */
    public List<String> deadLetterTopics() {
        return List.copyOf(deadLetterTopics);
    }

    /** The latest figures, read again when older than the cache interval. */
    public Uni<Figures> figures() {
        return Uni.createFrom().completionStage(this::current);
    }

    private synchronized CompletableFuture<Figures> current() {
        Figures cached = last;
        if (cached != null && cached.readAt().plus(settings.kafkaCache()).isAfter(Instant.now())) {
            return CompletableFuture.completedFuture(cached);
        }
        if (reading == null || reading.isDone()) {
            reading = CompletableFuture.supplyAsync(this::readSafely, worker);
        }
        return reading;
    }

    private Figures readSafely() {
        long started = System.nanoTime();
        try {
            Figures figures = read();
            last = figures;
            return figures;
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            LOG.debugf("Kafka figures not read: %s", e.toString());
            Figures failed = new Figures(Instant.now(), false, describe(e), Contracts.json().createArrayNode(), Contracts.json().createArrayNode(), 0,
                    (System.nanoTime() - started) / 1_000_000);
            last = failed; // a broker that is down is asked again after the same interval, not on every refresh
            return failed;
        }
    }

    private static String describe(Exception e) {
        Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
        if (cause instanceof TimeoutException || cause instanceof org.apache.kafka.common.errors.TimeoutException) {
            return "Kafka did not answer in time";
        }
        String message = cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
        return message.length() > 300 ? message.substring(0, 300) : message;
    }

    private Admin admin() {
        if (admin == null) {
            Properties properties = kafka.properties();
            properties.put(AdminClientConfig.CLIENT_ID_CONFIG, "pente-gateway-operations");
            int timeout = (int) settings.kafkaTimeout().toMillis();
            properties.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, timeout);
            properties.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, timeout);
            admin = Admin.create(properties);
        }
        return admin;
    }

    /** Runs on the worker only. */
    private Figures read() throws Exception {
        long started = System.nanoTime();
        long deadline = System.nanoTime() + settings.kafkaTimeout().toNanos();
        Admin admin = admin();
        List<GroupListing> listed = new ArrayList<>();
        int stopped = 0;
        for (GroupListing listing : admin.listGroups(ListGroupsOptions.forConsumerGroups()).all().get(left(deadline), TimeUnit.NANOSECONDS)) {
            if (!listing.groupId().startsWith(GROUP_PREFIX)) {
                continue;
            }
            if (stoppedInstance(listing)) {
                stopped++; // a stopped instance's own group (its id ends in the instance's uuid) is never resumed: not read
            } else {
                listed.add(listing);
            }
        }
        // Groups with members first (what runs now), then the empty ones; the cap cuts those.
        listed.sort(Comparator.comparing((GroupListing listing) -> idle(listing)).thenComparing(GroupListing::groupId));
        int omitted = stopped + Math.max(0, listed.size() - MAX_GROUPS);
        List<String> groups = listed.stream().limit(MAX_GROUPS).map(GroupListing::groupId).toList();
        Map<String, ConsumerGroupDescription> descriptions = groups.isEmpty() ? Map.of()
                : admin.describeConsumerGroups(groups).all().get(left(deadline), TimeUnit.NANOSECONDS);
        Map<String, ListConsumerGroupOffsetsSpec> specs = new HashMap<>();
        groups.forEach(group -> specs.put(group, new ListConsumerGroupOffsetsSpec()));
        Map<String, Map<TopicPartition, OffsetAndMetadata>> committed = groups.isEmpty() ? Map.of()
                : admin.listConsumerGroupOffsets(specs).all().get(left(deadline), TimeUnit.NANOSECONDS);

        // The dead-letter topics' partitions (a topic not created yet is shown as missing).
        Map<String, List<TopicPartition>> dlqPartitions = new TreeMap<>();
        Map<String, Boolean> missing = new HashMap<>();
        for (String topic : deadLetterTopics) {
            try {
                TopicDescription description = admin.describeTopics(List.of(topic)).allTopicNames()
                        .get(left(deadline), TimeUnit.NANOSECONDS).get(topic);
                dlqPartitions.put(topic, description.partitions().stream().map(p -> new TopicPartition(topic, p.partition())).toList());
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    throw e;
                }
                dlqPartitions.put(topic, List.of());
                missing.put(topic, true);
            }
        }

        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        committed.values().forEach(offsets -> offsets.keySet().forEach(tp -> latest.put(tp, OffsetSpec.latest())));
        dlqPartitions.values().forEach(tps -> tps.forEach(tp -> latest.put(tp, OffsetSpec.latest())));
        Map<TopicPartition, Long> ends = offsets(admin, latest, deadline);
        Map<TopicPartition, OffsetSpec> earliest = new HashMap<>();
        dlqPartitions.values().forEach(tps -> tps.forEach(tp -> earliest.put(tp, OffsetSpec.earliest())));
        Map<TopicPartition, Long> starts = offsets(admin, earliest, deadline);

        ArrayNode groupRows = Contracts.json().createArrayNode();
        for (String group : groups) {
            ConsumerGroupDescription description = descriptions.get(group);
            ObjectNode row = groupRows.addObject();
            row.put("group", group);
            row.put("state", description == null ? null : description.groupState().name());
            row.put("members", description == null ? 0 : description.members().size());
            Lag lag = Lag.of(committed.getOrDefault(group, Map.of()), ends);
            row.put("lag", lag.total());
            ObjectNode topics = row.putObject("topics");
            lag.byTopic().forEach(topics::put);
        }

        ArrayNode deadLetters = Contracts.json().createArrayNode();
        for (Map.Entry<String, List<TopicPartition>> topic : dlqPartitions.entrySet()) {
            ObjectNode row = deadLetters.addObject();
            row.put("topic", topic.getKey());
            long count = 0;
            for (TopicPartition tp : topic.getValue()) {
                count += Math.max(0, ends.getOrDefault(tp, 0L) - starts.getOrDefault(tp, 0L));
            }
            row.put("count", count);
            if (missing.containsKey(topic.getKey())) {
                row.put("missing", true);
            }
            ArrayNode last = row.putArray("last");
            if (count > 0) {
                newest(topic.getValue(), starts, ends, deadline).forEach(record -> last.add(recordRow(record)));
            }
        }
        // Stamped when the read ends: the cache interval counts from then, so a slow read is not followed at once by another.
        return new Figures(Instant.now(), true, null, groupRows, deadLetters, omitted, (System.nanoTime() - started) / 1_000_000);
    }

    private static Map<TopicPartition, Long> offsets(Admin admin, Map<TopicPartition, OffsetSpec> specs, long deadline) throws Exception {
        Map<TopicPartition, Long> offsets = new HashMap<>();
        if (!specs.isEmpty()) {
            admin.listOffsets(specs).all().get(left(deadline), TimeUnit.NANOSECONDS)
                    .forEach((tp, info) -> offsets.put(tp, info.offset()));
        }
        return offsets;
    }

    /** The newest records of a dead-letter topic, newest first: an assigned consumer (no group) reads its tail. */
    private List<ConsumerRecord<byte[], byte[]>> newest(List<TopicPartition> partitions, Map<TopicPartition, Long> starts,
                                                        Map<TopicPartition, Long> ends, long deadline) {
        int wanted = settings.deadLetterRecords();
        Properties properties = kafka.properties();
        properties.put(ConsumerConfig.CLIENT_ID_CONFIG, "pente-gateway-operations-dlq");
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        properties.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, Math.max(1, wanted * partitions.size()));
        List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(properties, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> withRecords = partitions.stream()
                    .filter(tp -> ends.getOrDefault(tp, 0L) > starts.getOrDefault(tp, 0L)).toList();
            consumer.assign(withRecords);
            for (TopicPartition tp : withRecords) {
                consumer.seek(tp, Math.max(starts.getOrDefault(tp, 0L), ends.get(tp) - wanted));
            }
            List<TopicPartition> pending = new ArrayList<>(withRecords);
            while (!pending.isEmpty() && left(deadline) > 0) {
                consumer.poll(Duration.ofMillis(Math.min(200, Math.max(1, left(deadline) / 1_000_000)))).forEach(records::add);
                pending.removeIf(tp -> consumer.position(tp, Duration.ofNanos(Math.max(1, left(deadline)))) >= ends.get(tp));
            }
        }
        records.sort(Comparator.comparingLong((ConsumerRecord<byte[], byte[]> r) -> r.timestamp())
                .thenComparingLong(ConsumerRecord::offset).reversed());
        return records.size() > wanted ? records.subList(0, wanted) : records;
    }

    private ObjectNode recordRow(ConsumerRecord<byte[], byte[]> record) {
        ObjectNode row = Contracts.json().createObjectNode();
        row.put("offset", record.offset());
        row.put("partition", record.partition());
        row.put("key", record.key() == null ? null : cut(new String(record.key(), StandardCharsets.UTF_8), MAX_KEY_CHARS));
        row.put("timestamp", record.timestamp() < 0 ? null : Instant.ofEpochMilli(record.timestamp()).toString());
        ObjectNode headers = row.putObject("headers");
        for (Header header : record.headers()) {
            headers.put(cut(header.key(), MAX_HEADER_CHARS),
                    header.value() == null ? null : cut(new String(header.value(), StandardCharsets.UTF_8), MAX_HEADER_CHARS));
        }
        String value = record.value() == null ? null : new String(record.value(), StandardCharsets.UTF_8);
        int max = settings.deadLetterValueChars();
        row.put("value", value == null ? null : cut(value, max));
        row.put("truncated", value != null && value.length() > max);
        return row;
    }

    static String cut(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max);
    }

    private static boolean idle(GroupListing listing) {
        return listing.groupState().map(state -> state == GroupState.EMPTY || state == GroupState.DEAD).orElse(false);
    }

    /** An empty group named for one instance ({@code pente-gateway-<uuid>} and the like): that instance stopped. */
    static boolean stoppedInstance(GroupListing listing) {
        return idle(listing) && PER_INSTANCE.matcher(listing.groupId()).find();
    }

    private static long left(long deadline) {
        return deadline - System.nanoTime();
    }

    @PreDestroy
    void close() {
        worker.shutdownNow();
        synchronized (this) {
            if (admin != null) {
                admin.close(Duration.ofSeconds(1));
            }
        }
    }
}

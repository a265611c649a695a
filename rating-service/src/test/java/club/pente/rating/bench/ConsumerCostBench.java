package club.pente.rating.bench;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.Topic;
import club.pente.core.rules.Color;
import club.pente.stack.Components;
import club.pente.stack.StackConfig;
import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.ServiceProcess;
import club.pente.testinfra.ServiceProperties;
import club.pente.testinfra.TestDatabases;
import club.pente.testinfra.TestStack;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * What an irrelevant event costs a consumer of {@code pente.game.events}: starts one packaged service
 * (rating, matchmaking or ai) alone on a fresh events topic, measures its idle CPU, then offers
 * MovePlayed records of human games (which none of them acts on) at a fixed rate, with or without the
 * {@link EventHeaders#TYPE} header, waits until the service's group has committed every offset, and
 * prints the CPU seconds the process used (/proc/PID/stat utime+stime), raw and less its idle rate.
 * Prints figures, asserts nothing; bounded in count and time; talks only to the local stack.
 * <pre>
 * mvn -o -q -pl rating-service test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.cp -Dmdep.includeScope=test
 * cd rating-service && PENTE_REPO_ROOT=.. java -cp target/test-classes:$(cat target/bench.cp) club.pente.rating.bench.ConsumerCostBench \
 *      --service rating --jar target/quarkus-app/quarkus-run.jar --header true --count 100000 --rate 5000
 * </pre>
 * {@code --service matchmaking} or {@code ai} with that service's jar, {@code --port} to move it off 28083,
 * {@code --set key=value,...} for more system properties of the service (e.g. consumer settings to compare).
 */
public final class ConsumerCostBench {
    private static final int PARTITIONS = 12;
    private static final long TICKS_PER_SECOND = 100; // USER_HZ on Linux

    private ConsumerCostBench() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        String service = options.getOrDefault("service", "rating");
        File jar = new File(options.getOrDefault("jar", service + "-service/target/quarkus-app/quarkus-run.jar"));
        int count = Math.min(Integer.parseInt(options.getOrDefault("count", "100000")), 1_000_000);
        int rate = Math.min(Integer.parseInt(options.getOrDefault("rate", "5000")), 100_000);
        boolean header = Boolean.parseBoolean(options.getOrDefault("header", "true"));
        int port = Integer.parseInt(options.getOrDefault("port", "28083"));
        Duration idle = Duration.ofSeconds(Long.parseLong(options.getOrDefault("idle-seconds", "15")));

        StackConfig config = TestStack.get().ensure(Components.KAFKA, Components.POSTGRES, Components.KEYCLOAK);
        String bootstrap = config.kafkaBootstrapServers();
        if (!bootstrap.startsWith("127.0.0.1:") && !bootstrap.startsWith("localhost:")) {
            throw new IllegalStateException("the bench only talks to a local Kafka, not " + bootstrap);
        }
        IsolatedTopics topics = IsolatedTopics.fresh("bench");
        String prefix = topics.namespace();
        String topic = topics.name(Topic.GAME_EVENTS);
        String group = prefix + "." + service;
        Map<String, String> props = serviceProperties(service, config, topics, group);
        // --set key=value,key=value: more system properties for the service, e.g. consumer settings to compare.
        for (String setting : options.getOrDefault("set", "").split(",")) {
            if (setting.contains("=")) {
                props.put(setting.substring(0, setting.indexOf('=')), setting.substring(setting.indexOf('=') + 1));
            }
        }

        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            admin.createTopics(List.of(new NewTopic(topic, PARTITIONS, (short) 1))).all().get(30, TimeUnit.SECONDS);
            try (ServiceProcess process = ServiceProcess.start(jar, "bench-" + service, port, props)) {
                process.awaitReady(Duration.ofSeconds(300));
                awaitAssigned(admin, group, topic, Duration.ofSeconds(60));
                long idleStart = cpuTicks(process.pid());
                long idleFrom = System.nanoTime();
                Thread.sleep(idle.toMillis()); // a measuring window, not synchronisation
                double idleRate = ticksToSeconds(cpuTicks(process.pid()) - idleStart) / seconds(System.nanoTime() - idleFrom);

                long cpuStart = cpuTicks(process.pid());
                long from = System.nanoTime();
                Map<TopicPartition, Long> ends = produce(bootstrap, topic, count, rate, header);
                double sentIn = seconds(System.nanoTime() - from);
                awaitCommitted(admin, group, ends, Duration.ofSeconds(120 + count / Math.max(1, rate)));
                double wall = seconds(System.nanoTime() - from);
                double cpu = ticksToSeconds(cpuTicks(process.pid()) - cpuStart);
                double net = cpu - idleRate * wall;
                System.out.printf("%s header=%s: %d MovePlayed offered at %d/s (sent in %.1f s), all committed after %.1f s%n",
                        service, header, count, rate, sentIn, wall);
                System.out.printf("%s header=%s: CPU %.2f s (idle %.3f s/s, so %.2f s for the events) = %.2f CPU s per 100k events,"
                                + " %.1f%% of a core at %d events/s%n",
                        service, header, cpu, idleRate, net, net * 100_000.0 / count, 100.0 * net * rate / count, rate);
            } finally {
                Set<String> runTopics = admin.listTopics().names().get(30, TimeUnit.SECONDS).stream()
                        .filter(name -> name.startsWith(prefix + ".")).collect(Collectors.toSet());
                admin.deleteTopics(runTopics).all().get(30, TimeUnit.SECONDS);
                admin.deleteConsumerGroups(List.of(group));
            }
        }
    }

    private static Map<String, String> serviceProperties(String service, StackConfig config, IsolatedTopics topics, String group) {
        Map<String, String> props = new HashMap<>(ServiceProperties.kafkaAndKeycloak(config));
        props.putAll(topics.properties());
        props.put("pente.kafka.partitions", Integer.toString(PARTITIONS));
        props.put("mp.messaging.incoming.game-events.group.id", group);
        props.put("mp.messaging.incoming.game-events.auto.offset.reset", "earliest");
        switch (service) {
            case "rating" -> {
                TestDatabases.recreate("pente_rating_bench_test");
                props.putAll(ServiceProperties.datasource(config, "pente_rating_bench_test"));
            }
            case "matchmaking" -> {
                TestDatabases.recreate("pente_matchmaking_bench_test");
                props.putAll(ServiceProperties.datasource(config, "pente_matchmaking_bench_test"));
                props.put("mp.messaging.incoming.presence.group.id", topics.namespace() + ".presence");
                props.put("pente.rating.url", "http://127.0.0.1:1");
            }
            case "ai" -> {
                // No game service: the live-games sweep fails fast and retries now and then.
                props.put("quarkus.rest-client.game-service.url", "http://127.0.0.1:1");
                props.put("pente.ai.sweep-every", "1h"); // keeps its idle rate steady
            }
            default -> throw new IllegalArgumentException("--service rating|matchmaking|ai, not " + service);
        }
        return props;
    }

    /** Sends the events at the given rate, in 10 ms slices; returns the end offset of every partition. */
    private static Map<TopicPartition, Long> produce(String bootstrap, String topic, int count, int rate, boolean header) throws Exception {
        Map<String, Object> producerProps = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.LINGER_MS_CONFIG, 5);
        byte[] type = EventHeaders.typeValue("MovePlayed");
        int games = 1_000;
        List<String> gameIds = new ArrayList<>();
        for (int i = 0; i < games; i++) {
            gameIds.add("bench-" + UUID.randomUUID());
        }
        Map<TopicPartition, Long> ends = new HashMap<>();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerProps, new StringSerializer(), new StringSerializer())) {
            long start = System.nanoTime();
            int perSlice = Math.max(1, rate / 100);
            for (int sent = 0; sent < count; ) {
                for (int i = 0; i < perSlice && sent < count; i++, sent++) {
                    String gameId = gameIds.get(sent % games);
                    int ply = 1 + sent / games;
                    Color colour = Color.ofPly(ply);
                    MovePlayed event = new MovePlayed(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, ply + 1L, Instant.now(),
                            Contracts.newId(), ply, colour, "guest:" + gameId.substring(6, 18) + colour.name(), "K10",
                            List.of(), PerSide.ZERO, Set.of(), null);
                    ProducerRecord<String, String> record = new ProducerRecord<>(topic, gameId, Contracts.json().writeValueAsString(event));
                    if (header) {
                        record.headers().add(EventHeaders.TYPE, type);
                    }
                    producer.send(record, (metadata, failure) -> {
                        if (failure == null) {
                            synchronized (ends) {
                                ends.merge(new TopicPartition(metadata.topic(), metadata.partition()), metadata.offset() + 1, Math::max);
                            }
                        }
                    });
                }
                long due = start + (long) sent * 1_000_000_000L / rate;
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait); // pacing the offered rate
                }
            }
            producer.flush();
        }
        synchronized (ends) {
            return new HashMap<>(ends);
        }
    }

    private static void awaitAssigned(Admin admin, String group, String topic, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            ConsumerGroupDescription description = admin.describeConsumerGroups(List.of(group)).all().get(10, TimeUnit.SECONDS).get(group);
            long assigned = description.members().stream().map(MemberDescription::assignment)
                    .flatMap(assignment -> assignment.topicPartitions().stream()).filter(tp -> tp.topic().equals(topic)).count();
            if (assigned == PARTITIONS) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("group " + group + " got no assignment of " + topic + " within " + timeout);
    }

    private static void awaitCommitted(Admin admin, String group, Map<TopicPartition, Long> ends, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata()
                    .get(10, TimeUnit.SECONDS);
            boolean done = ends.entrySet().stream().allMatch(end -> {
                OffsetAndMetadata offset = committed.get(end.getKey());
                return offset != null && offset.offset() >= end.getValue();
            });
            if (done) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("group " + group + " did not commit every offset within " + timeout);
    }

    private static long cpuTicks(long pid) throws Exception {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // utime, stime (fields 14 and 15)
    }

    private static double ticksToSeconds(long ticks) {
        return ticks / (double) TICKS_PER_SECOND;
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("options are --name value, not " + args[i]);
            }
            options.put(args[i].substring(2), args[i + 1]);
        }
        return options;
    }
}

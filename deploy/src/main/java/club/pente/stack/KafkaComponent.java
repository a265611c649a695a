package club.pente.stack;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.Uuid;

/**
 * A KRaft node run from the kafka_2.13 jars, broker and controller in one JVM: at scale 1 the single node
 * {@code kafka} (replication 1), when scaled node i of the three-node cluster {@code kafka-1..3} (voters 1, 2, 3;
 * replication 3, min.insync.replicas 2). Combined nodes rather than a separate controller quorum: on one
 * machine three JVMs instead of six (deploy/README.md).
 */
public final class KafkaComponent implements Component {

    /** Every node of the cluster shares the start group: a node is ready only once a quorum (2 of 3 voters) runs. */
    public static final String CLUSTER_GROUP = "kafka";

    private final StackConfig config;
    private final Artifacts artifacts;
    private final int node;
    private final String name;
    private final Path dir;

    /** The single node of scale 1, or node 1 of the cluster when the config is scaled: see {@link #all}. */
    public KafkaComponent(StackConfig config, Artifacts artifacts) {
        this(config, artifacts, 1);
    }

    private KafkaComponent(StackConfig config, Artifacts artifacts, int node) {
        this.config = config;
        this.artifacts = artifacts;
        this.node = node;
        this.name = config.scaled() ? Components.KAFKA + "-" + node : Components.KAFKA;
        this.dir = config.home().resolve(name);
    }

    /** Every node of the mode, in start order. */
    public static List<Component> all(StackConfig config, Artifacts artifacts) {
        List<Component> nodes = new ArrayList<>();
        for (int i = 1; i <= config.kafkaBrokers(); i++) {
            nodes.add(new KafkaComponent(config, artifacts, i));
        }
        return nodes;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String startGroup() {
        return config.scaled() ? CLUSTER_GROUP : name;
    }

    public int nodeId() {
        return node;
    }

    public int clientPort() {
        return config.kafkaPort(node);
    }

    public int controllerPort() {
        return config.kafkaControllerPort(node);
    }

    @Override
    public List<Port> ports() {
        return List.of(new Port(clientPort(), "PENTE_KAFKA_PORT"), new Port(controllerPort(), "PENTE_KAFKA_CONTROLLER_PORT"));
    }

    @Override
    public String endpoint() {
        return config.connectHost() + ":" + clientPort() + " (controller " + controllerPort() + ")";
    }

    public Path dataDir() {
        return dir.resolve("data");
    }

    @Override
    public void prepare() throws Exception {
        Files.createDirectories(dir.resolve("data"));
        // Rewritten on every start so that changed ports take effect; the data stays.
        Files.writeString(dir.resolve("server.properties"), serverProperties());
        Files.writeString(dir.resolve("log4j2.properties"), """
                rootLogger.level = INFO
                rootLogger.appenderRef.stdout.ref = STDOUT
                appender.stdout.type = Console
                appender.stdout.name = STDOUT
                appender.stdout.layout.type = PatternLayout
                appender.stdout.layout.pattern = [%d] %p %m (%c)%n
                logger.kafka.name = kafka
                logger.kafka.level = INFO
                logger.apache.name = org.apache.kafka
                logger.apache.level = INFO
                """);
        if (!Files.exists(dataDir().resolve("meta.properties"))) {
            // The static voter set (controller.quorum.voters) needs no --initial-controllers; every node of
            // the cluster is formatted with the one cluster id.
            Processes.runToCompletion(
                    javaCommand("kafka.tools.StorageTool", "format", "--ignore-formatted",
                            "-t", clusterId(), "-c", dir.resolve("server.properties").toString()),
                    dir, config.logDir().resolve(name + ".log"), Duration.ofMinutes(2));
        }
    }

    /** A fresh id at scale 1; the cluster's id, made once and kept in $PENTE_HOME/kafka-cluster.id, when scaled. */
    private String clusterId() throws java.io.IOException {
        if (!config.scaled()) {
            return Uuid.randomUuid().toString();
        }
        Path file = config.home().resolve("kafka-cluster.id");
        if (!Files.isRegularFile(file)) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, Uuid.randomUuid() + "\n");
        }
        return Files.readString(file).trim();
    }

    @Override
    public Launch launch() {
        return new Launch(javaCommand("kafka.Kafka", dir.resolve("server.properties").toString()), Map.of(), dir, "TERM");
    }

    /**
     * The node answers metadata and lists itself among the cluster's live brokers: it has joined a working
     * quorum (a node alone, without a second voter, never does).
     */
    @Override
    public boolean isReady() {
        if (!Probes.answers(config.connectHost(), clientPort())) {
            return false;
        }
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, config.connectHost() + ":" + clientPort());
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 3000);
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3000);
        try (Admin admin = Admin.create(p)) {
            return admin.describeCluster(new DescribeClusterOptions().timeoutMs(3000)).nodes().get(4, TimeUnit.SECONDS)
                    .stream().anyMatch(n -> n.id() == node);
        } catch (Exception e) {
            return false;
        }
    }

    @Override
    public Duration startTimeout() {
        return Duration.ofSeconds(Math.max(90, config.envInt("PENTE_START_TIMEOUT_SECONDS", 90)));
    }

    private List<String> javaCommand(String mainClass, String... args) {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = new ArrayList<>(List.of(java.toString(),
                "-Xms128m", "-Xmx" + config.env("PENTE_KAFKA_HEAP", "512m"),
                "-XX:+UseG1GC", "-Djava.awt.headless=true",
                "-Dlog4j2.configurationFile=" + dir.resolve("log4j2.properties"),
                "-Dpente.component=" + name,
                "-cp", artifacts.kafkaClasspath(), mainClass));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** Rewritten on every start; public for the tests that check a node's settings. */
    public String serverProperties() {
        String host = config.bindHost();
        String advertised = config.connectHost();
        int replicas = config.kafkaBrokers();
        // One broker: nothing to replicate to. The cluster: three copies, and a replica that missed writes never
        // becomes leader. A write needs two copies (acks=all) on the platform's topics (the services set
        // min.insync.replicas=2 on each, PENTE_KAFKA_MIN_INSYNC) and on the transaction log; the broker-wide default
        // stays 1, so that a test's one-copy topic still takes acks=all writes on this cluster.
        int minIsr = replicas > 1 ? 2 : 1;
        // How long a silent broker stays in the cluster: its partitions, group and transaction coordinators move
        // only after it (Kafka's 9 s unless PENTE_KAFKA_BROKER_SESSION_MS says; lower means quicker failover and,
        // on a starved machine, a live broker fenced by mistake).
        int sessionMs = config.envInt("PENTE_KAFKA_BROKER_SESSION_MS", 9000);
        List<String> voters = new ArrayList<>();
        for (int i = 1; i <= replicas; i++) {
            voters.add(i + "@" + advertised + ":" + config.kafkaControllerPort(i));
        }
        return """
                # Written by the pente stack launcher on every start.
                process.roles=broker,controller
                node.id=%6$d
                controller.quorum.voters=%7$s
                listeners=PLAINTEXT://%1$s:%2$d,CONTROLLER://%1$s:%3$d
                advertised.listeners=PLAINTEXT://%5$s:%2$d
                controller.listener.names=CONTROLLER
                inter.broker.listener.name=PLAINTEXT
                listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
                log.dirs=%4$s
                num.partitions=1
                auto.create.topics.enable=true
                default.replication.factor=%8$d
                min.insync.replicas=1
                unclean.leader.election.enable=false
                offsets.topic.replication.factor=%8$d
                offsets.topic.num.partitions=3
                transaction.state.log.replication.factor=%8$d
                transaction.state.log.min.isr=%9$d
                share.coordinator.state.topic.replication.factor=%8$d
                share.coordinator.state.topic.min.isr=%9$d
                group.initial.rebalance.delay.ms=0
                log.retention.hours=168
                # The compaction cleaner's map is allocated whole at start (128 MB by default): on a small heap (the
                # chaos test's three brokers get 256 MB each) that one allocation failed a start with OutOfMemoryError.
                # The local stack's compacted topics are small; 32 MB dedupes far more than they hold.
                log.cleaner.dedupe.buffer.size=33554432
                broker.session.timeout.ms=%10$d
                broker.heartbeat.interval.ms=%11$d
                """.formatted(host, clientPort(), controllerPort(), dataDir(), advertised, node, String.join(",", voters),
                replicas, minIsr, sessionMs, Math.min(2000, Math.max(250, sessionMs / 3)));
    }
}

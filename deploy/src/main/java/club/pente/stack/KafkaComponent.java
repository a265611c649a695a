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

/** A single-node KRaft broker (broker and controller in one JVM) run from the kafka_2.13 jars. */
public final class KafkaComponent implements Component {

    private final StackConfig config;
    private final Artifacts artifacts;
    private final Path dir;

    public KafkaComponent(StackConfig config, Artifacts artifacts) {
        this.config = config;
        this.artifacts = artifacts;
        this.dir = config.home().resolve("kafka");
    }

    @Override
    public String name() {
        return "kafka";
    }

    @Override
    public List<Port> ports() {
        return List.of(new Port(config.kafkaPort(), "PENTE_KAFKA_PORT"),
                new Port(config.kafkaControllerPort(), "PENTE_KAFKA_CONTROLLER_PORT"));
    }

    @Override
    public String endpoint() {
        return config.kafkaBootstrapServers() + " (controller " + config.kafkaControllerPort() + ")";
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
        if (!Files.exists(dir.resolve("data/meta.properties"))) {
            Processes.runToCompletion(
                    javaCommand("kafka.tools.StorageTool", "format", "--ignore-formatted",
                            "-t", Uuid.randomUuid().toString(), "-c", dir.resolve("server.properties").toString()),
                    dir, config.logDir().resolve("kafka.log"), Duration.ofMinutes(2));
        }
    }

    @Override
    public Launch launch() {
        return new Launch(javaCommand("kafka.Kafka", dir.resolve("server.properties").toString()), Map.of(), dir, "TERM");
    }

    @Override
    public boolean isReady() {
        if (!Probes.answers(config.connectHost(), config.kafkaPort())) {
            return false;
        }
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, config.kafkaBootstrapServers());
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 3000);
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3000);
        try (Admin admin = Admin.create(p)) {
            return !admin.describeCluster(new DescribeClusterOptions().timeoutMs(3000)).nodes().get(4, TimeUnit.SECONDS).isEmpty();
        } catch (Exception e) {
            return false;
        }
    }

    @Override
    public Duration startTimeout() {
        return Duration.ofSeconds(90);
    }

    private List<String> javaCommand(String mainClass, String... args) {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = new ArrayList<>(List.of(java.toString(),
                "-Xms128m", "-Xmx" + System.getenv().getOrDefault("PENTE_KAFKA_HEAP", "512m"),
                "-XX:+UseG1GC", "-Djava.awt.headless=true",
                "-Dlog4j2.configurationFile=" + dir.resolve("log4j2.properties"),
                "-Dpente.component=kafka",
                "-cp", artifacts.kafkaClasspath(), mainClass));
        cmd.addAll(List.of(args));
        return cmd;
    }

    private String serverProperties() {
        String host = config.bindHost();
        String advertised = config.connectHost();
        return """
                # Written by the pente stack launcher on every start.
                process.roles=broker,controller
                node.id=1
                controller.quorum.voters=1@%5$s:%3$d
                listeners=PLAINTEXT://%1$s:%2$d,CONTROLLER://%1$s:%3$d
                advertised.listeners=PLAINTEXT://%5$s:%2$d
                controller.listener.names=CONTROLLER
                inter.broker.listener.name=PLAINTEXT
                listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
                log.dirs=%4$s
                num.partitions=1
                auto.create.topics.enable=true
                offsets.topic.replication.factor=1
                offsets.topic.num.partitions=3
                transaction.state.log.replication.factor=1
                transaction.state.log.min.isr=1
                share.coordinator.state.topic.replication.factor=1
                share.coordinator.state.topic.min.isr=1
                group.initial.rebalance.delay.ms=0
                log.retention.hours=168
                """.formatted(host, config.kafkaPort(), config.kafkaControllerPort(), dir.resolve("data"), advertised);
    }
}

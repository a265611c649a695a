package club.pente.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The scaled stack's layout as {@code deploy/stack up --scale N} builds it; nothing is started. */
class ScaledStackTest {

    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final Artifacts NO_ARTIFACTS = new Artifacts("", Path.of("pg.jar"), "17", Path.of("kc.zip"), "26");

    static StackConfig config(int scale, Map<String, String> extra) {
        Map<String, String> env = new HashMap<>(Map.of("PENTE_HOME", "/tmp/pente-scaled-test", "PENTE_REPO_ROOT", REPO.toString(),
                "PENTE_SCALE", Integer.toString(scale)));
        env.putAll(extra);
        return StackConfig.fromEnv(env);
    }

    /** The parts Components.all lists, without the binaries of the infrastructure (not needed to lay it out). */
    static List<Component> parts(StackConfig config) {
        List<Component> all = new java.util.ArrayList<>(Components.infra(config, NO_ARTIFACTS));
        all.addAll(QuarkusServices.all(config));
        if (config.scaled()) {
            all.add(new LoadBalancer(config));
        }
        return all;
    }

    private static HttpServiceComponent service(StackConfig config, String name) {
        return QuarkusServices.all(config).stream().filter(c -> c.name().equals(name)).map(HttpServiceComponent.class::cast)
                .findFirst().orElseThrow();
    }

    @Test
    void scaleOneIsTodaysLayout() {
        StackConfig c = config(1, Map.of());
        assertThat(parts(c)).extracting(Component::name)
                .containsExactly("kafka", "postgres", "keycloak", "game", "rating", "matchmaking", "ai", "gateway");
        assertThat(c.kafkaBootstrapServers()).isEqualTo("127.0.0.1:9092");
        assertThat(service(c, "game").port().number()).isEqualTo(8081);
        assertThat(service(c, "gateway").managementPort().number()).isEqualTo(9080);
        assertThat(service(c, "game").launch().environment()).doesNotContainKeys("PENTE_INSTANCE", "PENTE_KAFKA_REPLICATION_FACTOR")
                .containsEntry("PENTE_KAFKA_BOOTSTRAP", "127.0.0.1:9092");
        assertThat(((KafkaComponent) parts(c).get(0)).serverProperties())
                .contains("node.id=1\n", "controller.quorum.voters=1@127.0.0.1:9093\n", "offsets.topic.replication.factor=1\n");
    }

    @Test
    void scaledStartOrderIsBrokersInfraEveryGameInstanceThenTheOthersThenTheLoadBalancer() {
        assertThat(parts(config(2, Map.of()))).extracting(Component::name).containsExactly(
                "kafka-1", "kafka-2", "kafka-3", "postgres", "keycloak",
                "game-1", "game-2", "rating-1", "rating-2", "matchmaking-1", "matchmaking-2", "ai-1", "ai-2",
                "gateway-1", "gateway-2", "lb");
        assertThat(parts(config(4, Map.of())).stream().filter(p -> p.name().startsWith("game-"))).hasSize(4);
        assertThatThrownBy(() -> config(5, Map.of())).hasMessageContaining("scale");
        // The instances of one service start together, like the brokers; a part of its own is its own group.
        assertThat(parts(config(2, Map.of()))).extracting(Component::startGroup).containsExactly(
                "kafka", "kafka", "kafka", "postgres", "keycloak", "game", "game", "rating", "rating",
                "matchmaking", "matchmaking", "ai", "ai", "gateway", "gateway", "lb");
        assertThat(service(config(2, Map.of()), "game-1").startTimeout()).hasSeconds(180);
        assertThat(service(config(2, Map.of("PENTE_START_TIMEOUT_SECONDS", "420")), "game-1").startTimeout()).hasSeconds(420);
        assertThat(service(config(1, Map.of()), "game").startTimeout()).hasSeconds(90);
    }

    @Test
    void instanceIListensOnTheServicePortPlus200TimesI() {
        StackConfig c = config(2, Map.of());
        Map<String, int[]> expected = Map.of("game-1", new int[] {8281, 9281}, "game-2", new int[] {8481, 9481},
                "gateway-1", new int[] {8280, 9280}, "gateway-2", new int[] {8480, 9480}, "rating-1", new int[] {8283, 9283},
                "matchmaking-2", new int[] {8482, 9482}, "ai-1", new int[] {8284, 9284});
        expected.forEach((name, ports) -> {
            HttpServiceComponent s = service(c, name);
            assertThat(s.port().number()).as(name).isEqualTo(ports[0]);
            assertThat(s.managementPort().number()).as(name).isEqualTo(ports[1]);
            String prefix = "PENTE_" + name.replaceFirst("-\\d$", "").toUpperCase();
            assertThat(s.launch().environment()).containsEntry(prefix + "_PORT", Integer.toString(ports[0]))
                    .containsEntry(prefix + "_MANAGEMENT_PORT", Integer.toString(ports[1]));
        });
    }

    @Test
    void eachInstanceNamesItselfUsesTheClusterAndReachesOtherServicesThroughTheLoadBalancer() {
        StackConfig c = config(2, Map.of());
        for (Component part : QuarkusServices.all(c)) {
            Map<String, String> env = part.launch().environment();
            assertThat(env).as(part.name())
                    .containsEntry("PENTE_INSTANCE", part.name())
                    .containsEntry("PENTE_KAFKA_BOOTSTRAP", "127.0.0.1:9092,127.0.0.1:9094,127.0.0.1:9096")
                    .containsEntry("PENTE_KAFKA_REPLICATION_FACTOR", "3")
                    .containsEntry("PENTE_KAFKA_MIN_INSYNC", "2")
                    .containsEntry("PENTE_GAME_URL", "http://127.0.0.1:8081")
                    .containsEntry("PENTE_MATCHMAKING_URL", "http://127.0.0.1:8082")
                    .containsEntry("PENTE_RATING_URL", "http://127.0.0.1:8083")
                    .containsEntry("PENTE_AI_URL", "http://127.0.0.1:8084");
        }
        Map<String, String> gateway = service(c, "gateway-2").launch().environment();
        assertThat(gateway).containsEntry("PENTE_ALLOWED_ORIGINS", "http://localhost:8080,http://127.0.0.1:8080")
                .containsEntry("PENTE_GAME_MANAGEMENT_URL", "http://127.0.0.1:9281")
                .containsEntry("PENTE_GATEWAY_MANAGEMENT_URL", "http://127.0.0.1:9280");
    }

    @Test
    void aShiftedScaledStackIsBuiltFromAMapAlone() {
        StackConfig c = config(2, Map.of("PENTE_KAFKA_PORT", "39092", "PENTE_GATEWAY_PORT", "38080", "PENTE_GAME_PORT", "38081",
                "PENTE_GAME_MANAGEMENT_PORT", "39081", "PENTE_GATEWAY_MANAGEMENT_PORT", "39080", "PENTE_LB_STATS_PORT", "38404",
                "PENTE_GAME_DB", "pente_game_a", "PENTE_GAME_FIRST_MOVE_SECONDS", "30", "PENTE_PG_PASSWORD", "superpassword"));
        assertThat(c.kafkaBootstrapServers()).isEqualTo("127.0.0.1:39092,127.0.0.1:39094,127.0.0.1:39096");
        assertThat(c.kafkaControllerPort(3)).isEqualTo(39097);
        HttpServiceComponent game2 = service(c, "game-2");
        assertThat(game2.port().number()).isEqualTo(38481);
        assertThat(game2.managementUrl()).isEqualTo("http://127.0.0.1:39481");
        assertThat(game2.launch().environment())
                .containsEntry("PENTE_GAME_URL", "http://127.0.0.1:38081")
                .containsEntry("PENTE_GAME_DB_USER", "pente_game_a")
                .containsEntry("PENTE_GAME_DB_JDBC_URL", "jdbc:postgresql://127.0.0.1:5433/pente_game_a")
                // A service's own settings travel from the map to the instance; the stack's superuser never does.
                .containsEntry("PENTE_GAME_FIRST_MOVE_SECONDS", "30")
                .doesNotContainKeys("PENTE_PG_PASSWORD");
        assertThat(game2.launch().environment().values()).doesNotContain("superpassword");
        assertThat(service(c, "gateway-1").launch().environment())
                .containsEntry("PENTE_ALLOWED_ORIGINS", "http://localhost:38080,http://127.0.0.1:38080");
        assertThat(new LoadBalancer(c).ports()).extracting(Port::number).contains(38080, 38081, 38404);
    }

    @Test
    void everyClusterNodeIsBrokerAndControllerWithTheSharedVotersAndReplicatedDefaults() {
        StackConfig c = config(3, Map.of());
        List<KafkaComponent> nodes = KafkaComponent.all(c, NO_ARTIFACTS).stream().map(KafkaComponent.class::cast).toList();
        assertThat(nodes).extracting(Component::name).containsExactly("kafka-1", "kafka-2", "kafka-3");
        assertThat(nodes).extracting(Component::startGroup).containsOnly(KafkaComponent.CLUSTER_GROUP);
        KafkaComponent second = nodes.get(1);
        assertThat(second.ports()).extracting(Port::number).containsExactly(9094, 9095);
        assertThat(second.dataDir()).isEqualTo(Path.of("/tmp/pente-scaled-test/kafka-2/data"));
        assertThat(second.serverProperties()).contains(
                "process.roles=broker,controller\n", "node.id=2\n",
                "controller.quorum.voters=1@127.0.0.1:9093,2@127.0.0.1:9095,3@127.0.0.1:9097\n",
                "listeners=PLAINTEXT://127.0.0.1:9094,CONTROLLER://127.0.0.1:9095\n",
                "advertised.listeners=PLAINTEXT://127.0.0.1:9094\n",
                "default.replication.factor=3\n", "min.insync.replicas=1\n", "offsets.topic.replication.factor=3\n",
                "transaction.state.log.replication.factor=3\n", "transaction.state.log.min.isr=2\n",
                "unclean.leader.election.enable=false\n", "log.dirs=/tmp/pente-scaled-test/kafka-2/data\n",
                "broker.session.timeout.ms=9000\n", "broker.heartbeat.interval.ms=2000\n", "log.cleaner.dedupe.buffer.size=33554432\n");
        assertThat(((KafkaComponent) KafkaComponent.all(config(2, Map.of("PENTE_KAFKA_BROKER_SESSION_MS", "4000")), NO_ARTIFACTS).get(0))
                .serverProperties()).contains("broker.session.timeout.ms=4000\n", "broker.heartbeat.interval.ms=1333\n");
    }

    @Test
    void selectionNamesCoverGroupsInstancesAndTheWhole() {
        List<Component> all = parts(config(2, Map.of()));
        assertThat(Components.select(all, List.of("kafka"))).extracting(Component::name).containsExactly("kafka-1", "kafka-2", "kafka-3");
        assertThat(Components.select(all, List.of("kafka-2"))).extracting(Component::name).containsExactly("kafka-2");
        assertThat(Components.select(all, List.of("game"))).extracting(Component::name).containsExactly("game-1", "game-2");
        assertThat(Components.select(all, List.of("gateway-2"))).extracting(Component::name).containsExactly("gateway-2");
        assertThat(Components.select(all, List.of("infra"))).extracting(Component::name)
                .containsExactly("kafka-1", "kafka-2", "kafka-3", "postgres", "keycloak");
        assertThat(Components.select(all, List.of("lb", "kafka", "services"))).extracting(Component::name).containsExactly(
                "kafka-1", "kafka-2", "kafka-3", "game-1", "game-2", "rating-1", "rating-2", "matchmaking-1", "matchmaking-2",
                "ai-1", "ai-2", "gateway-1", "gateway-2", "lb");
        assertThat(Components.select(all, List.of())).hasSize(all.size());
        assertThatThrownBy(() -> Components.select(all, List.of("game-3"))).hasMessageContaining("unknown component 'game-3'");
        // Scale 1 keeps its names: infra is three parts (./pente test counts them).
        assertThat(Components.select(parts(config(1, Map.of())), List.of("infra"))).extracting(Component::name)
                .containsExactly("kafka", "postgres", "keycloak");
        assertThat(Components.select(parts(config(1, Map.of())), List.of("services"))).hasSize(5);
    }

    @Test
    void theScaleComesFromTheOptionThenTheEnvironmentThenTheRecord() throws Exception {
        Path home = java.nio.file.Files.createTempDirectory("pente-scale");
        StackConfig unscaled = StackConfig.fromEnv(Map.of("PENTE_HOME", home.toString(), "PENTE_REPO_ROOT", REPO.toString()));
        assertThat(StackCli.withChosenScale(unscaled, java.util.Optional.empty()).scale()).isEqualTo(1);
        new RunState(unscaled.runDir()).recordScale(3);
        assertThat(StackCli.withChosenScale(unscaled, java.util.Optional.empty()).scale()).isEqualTo(3);
        assertThat(StackCli.withChosenScale(unscaled, java.util.Optional.of(2)).scale()).isEqualTo(2);
        StackConfig fromEnv = StackConfig.fromEnv(Map.of("PENTE_HOME", home.toString(), "PENTE_SCALE", "4"));
        assertThat(StackCli.withChosenScale(fromEnv, java.util.Optional.empty()).scale()).isEqualTo(4);
        // up: a scale recorded by a stack that no longer runs (it died without down) is not reused.
        assertThat(StackCli.scaleForUp(unscaled, java.util.Optional.empty()).scale()).isEqualTo(1);
        assertThat(StackCli.scaleForUp(unscaled, java.util.Optional.of(2)).scale()).isEqualTo(2);
        new RunState(unscaled.runDir()).record("game-2", ProcessHandle.current());
        assertThat(StackCli.scaleForUp(unscaled, java.util.Optional.empty()).scale()).isEqualTo(3);
        assertThat(StackCli.scaleForUp(fromEnv, java.util.Optional.empty()).scale()).isEqualTo(4);
    }
}

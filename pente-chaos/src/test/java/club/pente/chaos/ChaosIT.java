package club.pente.chaos;

import club.pente.chaos.ChaosOptions.Fault;
import club.pente.stack.Components;
import club.pente.stack.StackConfig;
import club.pente.testinfra.TestStack;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bounded chaos run of CI: a shifted scaled stack of its own (ports 2xxxx, three brokers, two instances of
 * the game service and of the gateway, HAProxy; the test run's PostgreSQL and Keycloak shared, with a database
 * of its own), a few dozen games and spectator sockets, and three faults: kill -9 of game-2, gateway-1 and
 * kafka-2, each restarted. Nothing may be lost or doubled, every socket must come back, and moves must be
 * accepted again within a minute of each fault. Everything it started is stopped, also when it fails.
 * (Ratings, seeks, the other services' faults and PostgreSQL's restart are in the full run, ./pente chaos:
 * here PostgreSQL is the shared server of the whole test run.)
 */
class ChaosIT {
    private static final Duration RECOVERY = Duration.ofSeconds(60);

    /** The shifted copy of the scaled stack (api.md): every port, the home and the databases moved. */
    static Map<String, String> shiftedEnv(Path home) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PENTE_HOME", home.toString());
        // The checkout (services' jars, the development keys): the directory above that holds deploy/stack.
        env.put("PENTE_REPO_ROOT", repoRoot().toString());
        env.put("PENTE_SCALE", "2");
        env.put("PENTE_KAFKA_PORT", "29092");
        env.remove("PENTE_KAFKA_CONTROLLER_PORT");
        env.put("PENTE_LB_STATS_PORT", "28404");
        String[] services = {"GATEWAY", "GAME", "MATCHMAKING", "RATING", "AI"};
        for (int i = 0; i < services.length; i++) {
            env.put("PENTE_" + services[i] + "_PORT", Integer.toString(28080 + i));
            env.put("PENTE_" + services[i] + "_MANAGEMENT_PORT", Integer.toString(29080 + i));
        }
        // Databases of this stack only on the shared server: another stack's game instances sweep games by partition.
        env.put("PENTE_GAME_DB", "pente_game_chaos");
        env.put("PENTE_RATING_DB", "pente_rating_chaos");
        env.put("PENTE_MATCHMAKING_DB", "pente_matchmaking_chaos");
        // A game held up by a failover before its second ply is not aborted by the first-move rule under the run.
        env.put("PENTE_GAME_FIRST_MOVE_SECONDS", "600");
        // A JVM restarted on a busy two-core machine may take minutes to be ready: a slow start is not a failed fault.
        env.putIfAbsent("PENTE_START_TIMEOUT_SECONDS", "420");
        // Three brokers beside the test run's own JVMs on two cores: a small heap each is plenty for this load.
        env.putIfAbsent("PENTE_KAFKA_HEAP", "256m");
        return env;
    }

    static Path repoRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("deploy/stack"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no deploy/stack above " + Path.of("").toAbsolutePath());
    }

    @Test
    void killedGameGatewayAndBrokerLoseAndDoubleNothing() throws Exception {
        // The test run's PostgreSQL and Keycloak (started by ./pente test, or here when missing).
        TestStack.get().ensure(Components.POSTGRES, Components.KEYCLOAK);
        Path home = Path.of(System.getProperty("pente.chaos.home", "target/chaos-stack")).toAbsolutePath();
        Files.createDirectories(home);
        StackConfig config = StackConfig.fromEnv(shiftedEnv(home));
        assertThat(config.scaled()).isTrue();

        // The game and gateway services only (the ratings and seeks are checked by the full run: two more services
        // to start would double the time); 16 games at a time, four of them watched by two sockets each.
        ChaosOptions options = new ChaosOptions(2, List.of(Fault.GAME, Fault.GATEWAY, Fault.KAFKA), 16, 14, Duration.ofMillis(800), 0, 0,
                4, 0, RECOVERY, List.of("kafka", "game", "gateway", "lb"));
        ChaosStack stack = new ChaosStack(config, System.out);
        Thread stopper = new Thread(stack::downStartedHere, "chaos-it-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        ChaosRun.Result result;
        try {
            result = new ChaosRun(stack, options, System.out).run();
            Path report = Path.of(System.getProperty("pente.chaos.report", "target/chaos-it-report.txt"));
            Files.writeString(report, result.report());
        } finally {
            stack.downStartedHere();
            Runtime.getRuntime().removeShutdownHook(stopper);
        }

        ChaosRun.Totals t = result.totals();
        String report = result.report();
        assertThat(t.accepted()).as("moves accepted\n" + report).isGreaterThan(100);
        assertThat(t.lost()).as("lost\n" + report).isZero();
        assertThat(t.doubled()).as("doubled\n" + report).isZero();
        assertThat(t.versionGaps()).as("version gaps\n" + report).isZero();
        assertThat(t.rejected()).as("rejected moves\n" + report).isZero();
        assertThat(t.moveLog().ok()).as("move log\n" + report).isTrue();
        assertThat(t.socketMissing()).as("socket events missing\n" + report).isZero();
        assertThat(t.socketRepeated()).as("socket events repeated\n" + report).isZero();
        assertThat(t.socketMismatched()).as("socket events unlike the stream\n" + report).isZero();
        assertThat(t.socketsGaveUp()).as("sockets that never came back\n" + report).isZero();
        FaultRow gateway = result.rows().stream().filter(r -> r.fault().equals("gateway")).findFirst().orElseThrow();
        assertThat(gateway.socketDrops()).as("sockets dropped by the gateway's death\n" + report).isPositive();
        assertThat(gateway.resumed() + gateway.snapshots()).as("sockets back\n" + report).isEqualTo(gateway.socketDrops());
        for (FaultRow row : result.rows().subList(1, result.rows().size())) {
            assertThat(row.secondsAllAccept()).as(row.fault() + ": every game accepting moves again\n" + report)
                    .isBetween(0.0, (double) RECOVERY.toSeconds());
        }
    }
}

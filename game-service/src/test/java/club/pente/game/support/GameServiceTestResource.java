package club.pente.game.support;

import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.PenteStackTestResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.Map;

/**
 * Real Kafka, PostgreSQL and Keycloak for the game service's tests, isolated from anything else on the
 * same stack: a freshly created database and topics named for this run only.
 */
public class GameServiceTestResource implements QuarkusTestResourceLifecycleManager {
    public static final String DATABASE = "pente_game_test";
    @Override
    public Map<String, String> start() {
        Map<String, String> props = PenteStackTestResource.freshRun(DATABASE, IsolatedTopics.fresh("test").properties());
        props.put("pente.kafka.partitions", "4");
        // Tests create games and may take a while on a busy machine before the first move: the 30 s first-move
        // abort is the authority's unit tests' subject (TableRulesTest), not these.
        props.put("pente.game.first-move-seconds", "600");
        // Turn-based games (TurnBasedFlowTest): a "day" of two seconds and two vacation days a year, so that clocks
        // and vacations run out within a test. No other test plays turn-based games.
        props.put("pente.game.day-length", "PT2S");
        props.put("pente.game.vacation-days-per-year", "2");
        return props;
    }

    @Override
    public void stop() {
        // The stack outlives the test run (see KafkaTestResource#stop).
    }
}

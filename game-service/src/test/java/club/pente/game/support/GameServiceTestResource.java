package club.pente.game.support;

import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.PenteStackTestResource;
import club.pente.testinfra.TestDatabases;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.HashMap;
import java.util.Map;

/**
 * Real Kafka, PostgreSQL and Keycloak for the game service's tests, isolated from anything else on the
 * same stack: a freshly created database and topics named for this run only.
 */
public class GameServiceTestResource implements QuarkusTestResourceLifecycleManager {
    public static final String DATABASE = "pente_game_test";
    private final PenteStackTestResource stack = new PenteStackTestResource();

    @Override
    public void init(Map<String, String> initArgs) {
        stack.init(Map.of("database", DATABASE));
    }

    @Override
    public Map<String, String> start() {
        TestDatabases.recreate(DATABASE);
        Map<String, String> props = new HashMap<>(stack.start());
        props.putAll(IsolatedTopics.fresh("test").properties());
        props.put("pente.kafka.partitions", "4");
        return props;
    }

    @Override
    public void stop() {
        stack.stop();
    }
}

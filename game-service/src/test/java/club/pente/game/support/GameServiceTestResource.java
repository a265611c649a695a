package club.pente.game.support;

import club.pente.stack.PostgresDatabases;
import club.pente.stack.StackConfig;
import club.pente.testinfra.PenteStackTestResource;
import club.pente.testinfra.TestStack;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.sql.Connection;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

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
        recreateDatabase(TestStack.get().config(), DATABASE);
        Map<String, String> props = new HashMap<>(stack.start());
        String run = UUID.randomUUID().toString().substring(0, 8);
        props.put("pente.topic.commands", "test." + run + ".game.commands");
        props.put("pente.topic.commands-dlq", "test." + run + ".game.commands.dlq");
        props.put("pente.topic.events", "test." + run + ".game.events");
        props.put("pente.kafka.partitions", "4");
        return props;
    }

    /** Drops and creates a database so that a test run starts from an empty schema. */
    public static void recreateDatabase(StackConfig config, String database) {
        if (!Set.of(DATABASE, "pente_game_failover").contains(database)) {
            throw new IllegalArgumentException("refusing to drop " + database);
        }
        try {
            TestStack.get().ensure(club.pente.stack.Components.POSTGRES);
            try (Connection connection = PostgresDatabases.connect(config, config.postgres().database());
                 Statement statement = connection.createStatement()) {
                statement.execute("drop database if exists " + database + " with (force)");
            }
            PostgresDatabases.ensure(config, database);
        } catch (Exception e) {
            throw new IllegalStateException("cannot recreate database " + database, e);
        }
    }

    @Override
    public void stop() {
        stack.stop();
    }
}

package club.pente.testinfra;

import club.pente.stack.Components;
import club.pente.stack.PostgresDatabases;
import club.pente.stack.PostgresTarget;
import club.pente.stack.StackConfig;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.sql.SQLException;
import java.util.Map;

/**
 * A real PostgreSQL database for a service's tests, created if missing:
 * {@code @QuarkusTestResource(value = PostgresTestResource.class, initArgs = @ResourceArg(name = "database", value = "game"))}.
 */
public class PostgresTestResource implements QuarkusTestResourceLifecycleManager {

    public static final String DATABASE_ARG = "database";

    private String database = "pente";

    @Override
    public void init(Map<String, String> initArgs) {
        database = initArgs.getOrDefault(DATABASE_ARG, database);
    }

    @Override
    public Map<String, String> start() {
        return properties(TestStack.get().ensure(Components.POSTGRES), database);
    }

    static Map<String, String> properties(StackConfig config, String database) {
        try {
            PostgresDatabases.ensure(config, database);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + database + ": " + e.getMessage(), e);
        }
        return datasource(config, database);
    }

    /** The properties that point a service at {@code database}, whichever path the stack took. */
    static Map<String, String> datasource(StackConfig config, String database) {
        PostgresTarget db = config.postgres().withDatabase(database);
        return Map.of("quarkus.datasource.reactive.url", db.reactiveUrl(),
                "quarkus.datasource.jdbc.url", db.jdbcUrl(),
                "quarkus.datasource.username", config.postgresUser(),
                "quarkus.datasource.password", config.postgresPassword(),
                "quarkus.datasource.devservices.enabled", "false");
    }

    @Override
    public void stop() {
        // See KafkaTestResource#stop.
    }
}

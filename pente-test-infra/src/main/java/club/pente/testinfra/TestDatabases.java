package club.pente.testinfra;

import club.pente.stack.Components;
import club.pente.stack.PostgresDatabases;
import club.pente.stack.StackConfig;

import java.sql.Connection;
import java.sql.Statement;

/** Throw-away databases for test runs, so that each run starts from an empty schema. */
public final class TestDatabases {
    private TestDatabases() {
    }

    /** Drops (forcing out old connections) and creates a database whose name ends in {@code _test}. */
    public static void recreate(String database) {
        if (!database.endsWith("_test")) {
            throw new IllegalArgumentException("only databases named *_test are dropped by tests, not " + database);
        }
        StackConfig config = TestStack.get().ensure(Components.POSTGRES);
        try {
            try (Connection connection = PostgresDatabases.connect(config, config.postgres().database());
                 Statement statement = connection.createStatement()) {
                statement.execute("drop database if exists " + database + " with (force)");
            }
            PostgresDatabases.ensure(config, database);
        } catch (Exception e) {
            throw new IllegalStateException("cannot recreate database " + database, e);
        }
    }
}

package club.pente.testinfra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import club.pente.stack.Components;
import club.pente.stack.PostgresDatabases;
import club.pente.stack.StackConfig;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A service's own database role, as {@code ./pente up} makes it (deploy's QuarkusServices): it owns its
 * database, including tables the superuser made there before roles existed, and can do nothing else.
 */
@StackTest
class PostgresRolesTest {
    private static final String ROLE = "pente_rolecheck_test";
    private static final String DATABASE = "pente_rolecheck_test";
    private static final String OTHER = "pente_rolecheck_other_test";
    private static final String OTHER_ROLE = "pente_rolecheck_other_test";

    private final StackConfig config = TestStack.get().ensure(Components.POSTGRES);

    private Connection as(String user, String password, String database) throws SQLException {
        return DriverManager.getConnection(config.postgres().withDatabase(database).jdbcUrl(), user, password);
    }

    @AfterEach
    void dropEverything() throws Exception {
        try (Connection c = PostgresDatabases.connect(config, config.postgres().database()); Statement s = c.createStatement()) {
            s.execute("drop database if exists " + DATABASE + " with (force)");
            s.execute("drop database if exists " + OTHER + " with (force)");
            s.execute("drop role if exists " + ROLE);
            s.execute("drop role if exists " + OTHER_ROLE);
        }
    }

    @Test
    void theRoleOwnsItsDatabaseAndNothingElse() throws Exception {
        dropEverything();
        // A database from before roles: the superuser made it and its tables (as Flyway did under the superuser).
        TestDatabases.recreate(DATABASE);
        TestDatabases.recreate(OTHER);
        try (Connection c = PostgresDatabases.connect(config, DATABASE); Statement s = c.createStatement()) {
            s.execute("create table games (id bigint generated always as identity primary key, name text)");
            s.execute("insert into games (name) values ('old')");
        }

        PostgresDatabases.ensureRole(config, ROLE, "first pass'word");
        PostgresDatabases.ensureOwnedBy(config, DATABASE, ROLE);
        // Twice is harmless, and a new password replaces the old one.
        PostgresDatabases.ensureRole(config, ROLE, "it's the second");
        PostgresDatabases.ensureOwnedBy(config, DATABASE, ROLE);

        assertThatThrownBy(() -> as(ROLE, "first pass'word", DATABASE)).hasMessageContaining("password authentication failed");
        try (Connection c = as(ROLE, "it's the second", DATABASE); Statement s = c.createStatement()) {
            s.execute("insert into games (name) values ('new')");
            s.execute("create table moves (ply int primary key)"); // Flyway's next migration
            s.execute("drop table moves");
            ResultSet rs = s.executeQuery("select count(*), bool_and(pg_get_userbyid(c.relowner) = current_user) "
                    + "from games, pg_class c where c.relname = 'games'");
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(2);
            assertThat(rs.getBoolean(2)).as("games handed over to the role").isTrue();
            assertThatThrownBy(() -> s.execute("create database pente_rolecheck_more_test")).hasMessageContaining("permission denied");
            assertThatThrownBy(() -> s.execute("create role pente_rolecheck_more_test")).hasMessageContaining("permission denied");
        }
        // Another service's database is closed to it, and its own to the other service.
        PostgresDatabases.ensureRole(config, OTHER_ROLE, "other");
        PostgresDatabases.ensureOwnedBy(config, OTHER, OTHER_ROLE);
        assertThatThrownBy(() -> as(ROLE, "it's the second", OTHER)).hasMessageContaining("permission denied");
        assertThatThrownBy(() -> as(OTHER_ROLE, "other", DATABASE)).hasMessageContaining("permission denied");
        as(OTHER_ROLE, "other", OTHER).close();
        try (Connection c = PostgresDatabases.connect(config, config.postgres().database()); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("select rolsuper, rolcreatedb, rolcreaterole, has_database_privilege('" + ROLE + "', '"
                    + DATABASE + "', 'CONNECT'), has_database_privilege('public', '" + DATABASE + "', 'CONNECT') "
                    + "from pg_roles where rolname = '" + ROLE + "'");
            assertThat(rs.next()).isTrue();
            assertThat(rs.getBoolean(1) || rs.getBoolean(2) || rs.getBoolean(3)).isFalse();
            assertThat(rs.getBoolean(4)).isTrue();
            assertThat(rs.getBoolean(5)).as("PUBLIC may not connect to the service's database").isFalse();
        }
    }

    @Test
    void namesAreIdentifiers() {
        assertThatThrownBy(() -> PostgresDatabases.ensureRole(config, "x; drop database postgres", "pw"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PostgresDatabases.ensureRole(config, ROLE, "")).isInstanceOf(IllegalArgumentException.class);
    }
}

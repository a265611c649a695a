package club.pente.stack;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.regex.Pattern;

/** One database per service (game, matchmaking, rating) on the stack's PostgreSQL server. */
public final class PostgresDatabases {

    private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
    private static final String DUPLICATE_DATABASE = "42P04";

    private PostgresDatabases() {
    }

    public static Connection connect(StackConfig config, String database) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", config.postgresUser());
        p.setProperty("password", config.postgresPassword());
        p.setProperty("connectTimeout", "3");
        return DriverManager.getConnection(config.postgres().withDatabase(database).jdbcUrl(), p);
    }

    /** {@code select 1} on the maintenance database. */
    public static boolean canQuery(StackConfig config) {
        try (Connection c = connect(config, config.postgres().database()); Statement s = c.createStatement()) {
            return s.executeQuery("select 1").next();
        } catch (SQLException e) {
            return false;
        }
    }

    /** Creates the database unless it exists; returns true when it was created now. */
    public static boolean ensure(StackConfig config, String database) throws SQLException {
        if (!NAME.matcher(database).matches()) {
            throw new IllegalArgumentException("database names are lower-case identifiers, was '" + database + "'");
        }
        try (Connection c = connect(config, config.postgres().database())) {
            try (PreparedStatement q = c.prepareStatement("select 1 from pg_database where datname = ?")) {
                q.setString(1, database);
                if (q.executeQuery().next()) {
                    return false;
                }
            }
            try (Statement s = c.createStatement()) {
                s.execute("create database " + database);
                return true;
            } catch (SQLException e) {
                // Another test JVM created it between our check and our create.
                if (DUPLICATE_DATABASE.equals(e.getSQLState())) {
                    return false;
                }
                throw e;
            }
        }
    }
}

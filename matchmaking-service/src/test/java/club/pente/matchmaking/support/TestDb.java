package club.pente.matchmaking.support;

import org.eclipse.microprofile.config.ConfigProvider;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Direct access to the test database: to age a seek or an invitation, and to check what was stored. */
public final class TestDb {
    private TestDb() {
    }

    public static Connection connect() throws SQLException {
        var config = ConfigProvider.getConfig();
        return DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class));
    }

    public static int update(String sql, Object... args) {
        try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                statement.setObject(i + 1, args[i]);
            }
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Takes a two-int advisory lock (the services' {@code pg_advisory_xact_lock(space, hashtext(key))}) in the open
     * transaction of {@code connection}, which must not be in auto-commit: held until it commits or rolls back.
     */
    public static void holdAdvisoryLock(Connection connection, int space, String key) throws SQLException {
        try (PreparedStatement lock = connection.prepareStatement("select pg_advisory_xact_lock(?, hashtext(?))")) {
            lock.setInt(1, space);
            lock.setString(2, key);
            lock.execute();
        }
    }

    /** Whether a session of this test's database waits for an advisory lock of the two-int form in {@code space}. */
    public static boolean aSessionWaitsForAnAdvisoryLock(int space) {
        return ((Number) single("select count(*) from pg_locks where locktype = 'advisory' and not granted and classid = ? "
                + "and database = (select oid from pg_database where datname = current_database())", space)).longValue() > 0;
    }

    /** The first column of the first row, or null. */
    public static Object single(String sql, Object... args) {
        try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                statement.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = statement.executeQuery()) {
                return rs.next() ? rs.getObject(1) : null;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}

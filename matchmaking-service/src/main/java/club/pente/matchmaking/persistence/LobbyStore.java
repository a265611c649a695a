package club.pente.matchmaking.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;

/** Gateways' lobby counts and the last lobby counts published. */
public final class LobbyStore {
    public record Counts(int online, int searching) {
    }

    private static final long LOCK_KEY = 0x50656E74654C6F62L; // "PenteLob"

    private LobbyStore() {
    }

    /** Keeps a gateway's newest count; an older message arriving late changes nothing. */
    public static void presence(Connection connection, String gatewayId, int online, Instant occurredAt) throws SQLException {
        try (PreparedStatement upsert = connection.prepareStatement(
                "insert into presence (gateway_id, online, occurred_at) values (?, ?, ?) on conflict (gateway_id) do update "
                        + "set online = excluded.online, occurred_at = excluded.occurred_at "
                        + "where presence.occurred_at <= excluded.occurred_at")) {
            upsert.setString(1, gatewayId);
            upsert.setInt(2, Math.max(0, online));
            upsert.setTimestamp(3, Timestamp.from(occurredAt));
            upsert.executeUpdate();
        }
    }

    public static Counts counts(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery("select coalesce((select sum(online) from presence), 0), "
                     + "(select count(*) from seeks where status = 'WAITING')")) {
            rs.next();
            return new Counts(rs.getInt(1), rs.getInt(2));
        }
    }

    /** Only one instance at a time decides whether counts changed (transaction-scoped advisory lock). */
    public static boolean tryLock(Connection connection) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("select pg_try_advisory_xact_lock(?)")) {
            statement.setLong(1, LOCK_KEY);
            try (ResultSet rs = statement.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    public static Counts lastPublished(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery("select online, searching from lobby_published where id = 1")) {
            return rs.next() ? new Counts(rs.getInt(1), rs.getInt(2)) : null;
        }
    }

    public static void published(Connection connection, Counts counts, Instant now) throws SQLException {
        try (PreparedStatement upsert = connection.prepareStatement(
                "insert into lobby_published (id, online, searching, published_at) values (1, ?, ?, ?) "
                        + "on conflict (id) do update set online = excluded.online, searching = excluded.searching, "
                        + "published_at = excluded.published_at")) {
            upsert.setInt(1, counts.online());
            upsert.setInt(2, counts.searching());
            upsert.setTimestamp(3, Timestamp.from(now));
            upsert.executeUpdate();
        }
    }
}

package club.pente.matchmaking.persistence;

import club.pente.core.rules.Color;
import club.pente.matchmaking.domain.Mode;
import club.pente.matchmaking.domain.Seek;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** JDBC access to seeks for the transactions that pair, expire and create them. */
public final class SeekStore {
    /** A waiting seek with the name its player goes by. */
    public record Waiting(Seek seek, String playerName) {
    }

    private SeekStore() {
    }

    public static void insert(Connection connection, Seek seek, String playerName) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "insert into seeks (id, player_id, player_name, mode, time_control, rating, status, created_at, last_seen_at) "
                        + "values (?, ?, ?, ?, ?, ?, 'WAITING', ?, ?)")) {
            insert.setString(1, seek.id());
            insert.setString(2, seek.playerId());
            insert.setString(3, playerName);
            insert.setString(4, seek.mode().name());
            insert.setString(5, seek.timeControl());
            insert.setInt(6, seek.rating());
            insert.setTimestamp(7, Timestamp.from(seek.since()));
            insert.setTimestamp(8, Timestamp.from(seek.since()));
            insert.executeUpdate();
        }
    }

    /** The id of the player's waiting seek, or null. */
    public static String waitingOf(Connection connection, String playerId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("select id from seeks where player_id = ? and status = 'WAITING'")) {
            query.setString(1, playerId);
            try (ResultSet rs = query.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /**
     * Locks the waiting seeks no other transaction holds, oldest first. Rows another instance is pairing
     * right now are skipped (not waited for): they are that instance's to pair, or they come back next round.
     */
    public static List<Waiting> lockWaiting(Connection connection, int limit) throws SQLException {
        List<Waiting> waiting = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement(
                "select id, player_id, player_name, mode, time_control, rating, created_at from seeks "
                        + "where status = 'WAITING' order by created_at limit ? for update skip locked")) {
            query.setInt(1, limit);
            try (ResultSet rs = query.executeQuery()) {
                while (rs.next()) {
                    Seek seek = new Seek(rs.getString(1), rs.getString(2), Mode.valueOf(rs.getString(4)), rs.getString(5),
                            rs.getInt(6), rs.getTimestamp(7).toInstant());
                    waiting.add(new Waiting(seek, rs.getString(3)));
                }
            }
        }
        return waiting;
    }

    /** Marks a locked waiting seek matched; 1 when it was still waiting. */
    public static int markMatched(Connection connection, String seekId, String gameId, Color color, Instant now) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(
                "update seeks set status = 'MATCHED', game_id = ?, color = ?, ended_at = ? where id = ? and status = 'WAITING'")) {
            update.setString(1, gameId);
            update.setString(2, color.name());
            update.setTimestamp(3, Timestamp.from(now));
            update.setString(4, seekId);
            return update.executeUpdate();
        }
    }

    /** Ends the waiting seeks nobody refreshed since {@code cutoff}; returns how many. */
    public static int expire(Connection connection, Instant cutoff, Instant now) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(
                "update seeks set status = 'EXPIRED', ended_at = ? where id in "
                        + "(select id from seeks where status = 'WAITING' and last_seen_at < ? for update skip locked)")) {
            update.setTimestamp(1, Timestamp.from(now));
            update.setTimestamp(2, Timestamp.from(cutoff));
            return update.executeUpdate();
        }
    }
}

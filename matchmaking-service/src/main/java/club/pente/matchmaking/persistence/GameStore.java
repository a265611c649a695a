package club.pente.matchmaking.persistence;

import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerRef;
import club.pente.matchmaking.domain.ColourRecord;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/** Matchmaking's own record of the games it asked for, colour histories, rematch offers, handled events. */
public final class GameStore {
    /** A game matchmaking created. {@code matchId}/{@code gameNumber} are set for the games of a match. */
    public record GameRow(String id, String origin, PlayerRef white, PlayerRef black, boolean ranked, String timeControl,
                          String matchId, Integer gameNumber, boolean ended) {
        public boolean plays(String playerId) {
            return white.id().equals(playerId) || black.id().equals(playerId);
        }

        public PlayerRef opponentOf(String playerId) {
            return white.id().equals(playerId) ? black : white;
        }
    }

    public record RematchRow(String previousGameId, String requestedBy, String newGameId) {
    }

    private GameStore() {
    }

    public static void insert(Connection connection, GameRow game, Instant now) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "insert into games (id, origin, white_id, white_name, black_id, black_name, ranked, time_control, match_id, "
                        + "game_number, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            insert.setString(1, game.id());
            insert.setString(2, game.origin());
            insert.setString(3, game.white().id());
            insert.setString(4, game.white().name());
            insert.setString(5, game.black().id());
            insert.setString(6, game.black().name());
            insert.setBoolean(7, game.ranked());
            insert.setString(8, game.timeControl());
            insert.setString(9, game.matchId());
            if (game.gameNumber() == null) {
                insert.setNull(10, Types.INTEGER);
            } else {
                insert.setInt(10, game.gameNumber());
            }
            insert.setTimestamp(11, Timestamp.from(now));
            insert.executeUpdate();
        }
    }

    /** The game locked for this transaction, or null when matchmaking did not create it. */
    public static GameRow lock(Connection connection, String gameId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(
                "select id, origin, white_id, white_name, black_id, black_name, ranked, time_control, match_id, game_number, "
                        + "ended_at from games where id = ? for update")) {
            query.setString(1, gameId);
            try (ResultSet rs = query.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                int number = rs.getInt(10);
                Integer gameNumber = rs.wasNull() ? null : number;
                return new GameRow(rs.getString(1), rs.getString(2), new PlayerRef(rs.getString(3), rs.getString(4)),
                        new PlayerRef(rs.getString(5), rs.getString(6)), rs.getBoolean(7), rs.getString(8), rs.getString(9),
                        gameNumber, rs.getTimestamp(11) != null);
            }
        }
    }

    public static void markEnded(Connection connection, String gameId, String result, PerSide points, Instant at) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(
                "update games set ended_at = ?, result = ?, points_white = ?, points_black = ? where id = ?")) {
            update.setTimestamp(1, Timestamp.from(at));
            update.setString(2, result);
            update.setInt(3, points.white());
            update.setInt(4, points.black());
            update.setString(5, gameId);
            update.executeUpdate();
        }
    }

    public static Map<String, ColourRecord> colours(Connection connection, Collection<String> playerIds) throws SQLException {
        Map<String, ColourRecord> colours = new HashMap<>();
        if (playerIds.isEmpty()) {
            return colours;
        }
        try (PreparedStatement query = connection.prepareStatement(
                "select player_id, whites, blacks from colour_history where player_id = any(?)")) {
            Array ids = connection.createArrayOf("varchar", playerIds.toArray());
            query.setArray(1, ids);
            try (ResultSet rs = query.executeQuery()) {
                while (rs.next()) {
                    colours.put(rs.getString(1), new ColourRecord(rs.getInt(2), rs.getInt(3)));
                }
            }
        }
        return colours;
    }

    public static void countColours(Connection connection, String whiteId, String blackId) throws SQLException {
        try (PreparedStatement upsert = connection.prepareStatement(
                "insert into colour_history (player_id, whites, blacks) values (?, ?, ?) "
                        + "on conflict (player_id) do update set whites = colour_history.whites + excluded.whites, "
                        + "blacks = colour_history.blacks + excluded.blacks")) {
            upsert.setString(1, whiteId);
            upsert.setInt(2, 1);
            upsert.setInt(3, 0);
            upsert.addBatch();
            upsert.setString(1, blackId);
            upsert.setInt(2, 0);
            upsert.setInt(3, 1);
            upsert.addBatch();
            upsert.executeBatch();
        }
    }

    /** The rematch offer for a game, locked; null when nobody asked yet. */
    public static RematchRow lockRematch(Connection connection, String previousGameId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(
                "select previous_game_id, requested_by, new_game_id from rematches where previous_game_id = ? for update")) {
            query.setString(1, previousGameId);
            try (ResultSet rs = query.executeQuery()) {
                return rs.next() ? new RematchRow(rs.getString(1), rs.getString(2), rs.getString(3)) : null;
            }
        }
    }

    public static void insertRematch(Connection connection, String previousGameId, String requestedBy, String newGameId, Instant now)
            throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "insert into rematches (previous_game_id, requested_by, new_game_id, created_at) values (?, ?, ?, ?)")) {
            insert.setString(1, previousGameId);
            insert.setString(2, requestedBy);
            insert.setString(3, newGameId);
            insert.setTimestamp(4, Timestamp.from(now));
            insert.executeUpdate();
        }
    }

    public static void setRematchGame(Connection connection, String previousGameId, String newGameId) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement("update rematches set new_game_id = ? where previous_game_id = ?")) {
            update.setString(1, newGameId);
            update.setString(2, previousGameId);
            update.executeUpdate();
        }
    }

    /** Records an event as handled; false when it already was (a redelivery). */
    public static boolean markProcessed(Connection connection, String eventId, Instant now) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "insert into processed_events (event_id, processed_at) values (?, ?) on conflict do nothing")) {
            insert.setString(1, eventId);
            insert.setTimestamp(2, Timestamp.from(now));
            return insert.executeUpdate() == 1;
        }
    }
}

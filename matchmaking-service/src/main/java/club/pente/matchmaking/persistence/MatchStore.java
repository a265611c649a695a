package club.pente.matchmaking.persistence;

import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Color;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;

/** JDBC access to matches (N games between A, the inviter, and B). */
public final class MatchStore {
    public record MatchRow(String id, PlayerRef a, PlayerRef b, Color aFirstColor, boolean ranked, String timeControl,
                           int gamesTotal, int gamesPlayed, int pointsA, int pointsB, String status, String currentGameId) {
    }

    private MatchStore() {
    }

    public static void insert(Connection connection, MatchRow match, String invitationCode, Instant now) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "insert into matches (id, invitation_code, a_id, a_name, b_id, b_name, a_first_color, ranked, time_control, "
                        + "games_total, games_played, points_a, points_b, status, current_game_id, created_at) "
                        + "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 'ONGOING', ?, ?)")) {
            insert.setString(1, match.id());
            insert.setString(2, invitationCode);
            insert.setString(3, match.a().id());
            insert.setString(4, match.a().name());
            insert.setString(5, match.b().id());
            insert.setString(6, match.b().name());
            insert.setString(7, match.aFirstColor().name());
            insert.setBoolean(8, match.ranked());
            insert.setString(9, match.timeControl());
            insert.setInt(10, match.gamesTotal());
            insert.setString(11, match.currentGameId());
            insert.setTimestamp(12, Timestamp.from(now));
            insert.executeUpdate();
        }
    }

    public static MatchRow lock(Connection connection, String matchId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(
                "select id, a_id, a_name, b_id, b_name, a_first_color, ranked, time_control, games_total, games_played, "
                        + "points_a, points_b, status, current_game_id from matches where id = ? for update")) {
            query.setString(1, matchId);
            try (ResultSet rs = query.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                return new MatchRow(rs.getString(1), new PlayerRef(rs.getString(2), rs.getString(3)),
                        new PlayerRef(rs.getString(4), rs.getString(5)), Color.valueOf(rs.getString(6)), rs.getBoolean(7),
                        rs.getString(8), rs.getInt(9), rs.getInt(10), rs.getInt(11), rs.getInt(12), rs.getString(13),
                        rs.getString(14));
            }
        }
    }

    public static void progress(Connection connection, String matchId, int gamesPlayed, int pointsA, int pointsB,
                                String nextGameId, boolean finished, Instant now) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(
                "update matches set games_played = ?, points_a = ?, points_b = ?, current_game_id = ?, status = ?, "
                        + "finished_at = ? where id = ?")) {
            update.setInt(1, gamesPlayed);
            update.setInt(2, pointsA);
            update.setInt(3, pointsB);
            update.setString(4, nextGameId);
            update.setString(5, finished ? "FINISHED" : "ONGOING");
            update.setTimestamp(6, finished ? Timestamp.from(now) : null);
            update.setString(7, matchId);
            update.executeUpdate();
        }
    }
}

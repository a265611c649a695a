package club.pente.game.hints;

import jakarta.enterprise.context.ApplicationScoped;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * The hints each player of a game has used, in PostgreSQL (blocking JDBC: worker threads only). A reservation is
 * one statement, atomic whoever else reserves at the same time on any instance.
 */
@ApplicationScoped
public class HintLedger {
    /** Inserts the first hint, or adds one while fewer than the limit are used; no row back: the limit is reached. */
    private static final String RESERVE = """
            insert into hint_reservations as h (game_id, player_id, used, last_ply, updated_at) values (?, ?, 1, ?, ?)
            on conflict (game_id, player_id) do update set used = h.used + 1, last_ply = excluded.last_ply, updated_at = excluded.updated_at
            where h.used < ?
            returning used""";
    private static final String USED = "select used from hint_reservations where game_id = ? and player_id = ?";

    private final DataSource dataSource;

    public HintLedger(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Reserves one hint: the number used with this one, or -1 when {@code limit} were already used (nothing changed). */
    public int reserve(String gameId, String playerId, int ply, int limit, Instant now) {
        if (limit < 1) {
            return -1;
        }
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(RESERVE)) {
            statement.setString(1, gameId);
            statement.setString(2, playerId);
            statement.setInt(3, ply);
            statement.setObject(4, OffsetDateTime.ofInstant(now, ZoneOffset.UTC));
            statement.setInt(5, limit);
            try (ResultSet rs = statement.executeQuery()) {
                return rs.next() ? rs.getInt(1) : -1;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("reserving a hint failed: " + e.getMessage(), e);
        }
    }

    /** Hints the player has used in the game (0 when none). */
    public int used(String gameId, String playerId) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(USED)) {
            statement.setString(1, gameId);
            statement.setString(2, playerId);
            try (ResultSet rs = statement.executeQuery()) {
                return rs.next() ? rs.getInt(1) : 0;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("reading the hints used failed: " + e.getMessage(), e);
        }
    }
}

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
 * one statement, atomic whoever else reserves at the same time on any instance. It is idempotent per ply: the
 * row keeps the ply of the last hint, and a reservation at that same ply costs nothing and answers the same
 * count, so a caller whose search failed after the count (a timeout, a lost answer, a second tab) asks again
 * for free; the next ply of the player's is a new hint.
 */
@ApplicationScoped
public class HintLedger {
    /**
     * Inserts the first hint; or, at the ply of the last one, changes nothing but the time; or adds one while
     * fewer than the limit are used. No row back: the limit is reached (at another ply).
     */
    private static final String RESERVE = """
            insert into hint_reservations as h (game_id, player_id, used, last_ply, updated_at) values (?, ?, 1, ?, ?)
            on conflict (game_id, player_id) do update
            set used = case when h.last_ply = excluded.last_ply then h.used else h.used + 1 end,
                last_ply = excluded.last_ply, updated_at = excluded.updated_at
            where h.last_ply = excluded.last_ply or h.used < ?
            returning used""";
    private static final String USED = "select used, last_ply from hint_reservations where game_id = ? and player_id = ?";

    /** What a player has used in a game: {@code lastPly} is the ply of the last hint (-1 when none). */
    public record Usage(int used, int lastPly) {
        static final Usage NONE = new Usage(0, -1);

        /** Whether a reservation at {@code ply} would be granted under {@code limit}: a repeat of the last one always is. */
        public boolean allows(int ply, int limit) {
            return limit >= 1 && (used > 0 && lastPly == ply || used < limit);
        }
    }

    private final DataSource dataSource;

    public HintLedger(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * Reserves the hint of this ply: the number used with it (unchanged when the last one was at this same ply),
     * or -1 when {@code limit} were already used at other plies (nothing changed).
     */
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

    /** Hints the player has used in the game and the ply of the last one ({@link Usage#NONE} when none). */
    public Usage used(String gameId, String playerId) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(USED)) {
            statement.setString(1, gameId);
            statement.setString(2, playerId);
            try (ResultSet rs = statement.executeQuery()) {
                return rs.next() ? new Usage(rs.getInt(1), rs.getInt(2)) : Usage.NONE;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("reading the hints used failed: " + e.getMessage(), e);
        }
    }
}

package club.pente.game.persistence;

import club.pente.core.contract.AuditEntry;
import club.pente.kit.audit.AuditFilter;
import club.pente.kit.audit.AuditLog;
import jakarta.enterprise.context.ApplicationScoped;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The staff's blocking reads on JDBC (worker threads only): the audit, the live games of a player to forfeit,
 * how many games are live. Rare calls, off the command pipeline's path.
 */
@ApplicationScoped
public class StaffQueries {
    private static final String LIVE_OF = """
            select id from games where status = 'ONGOING' and (white_id = ? or black_id = ?) and created_at < ? order by created_at limit ?""";
    private static final String LIVE_COUNT = "select count(*) from games where status = 'ONGOING'";

    private final DataSource dataSource;

    public StaffQueries(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public List<AuditEntry> audit(AuditFilter filter) {
        try (Connection connection = dataSource.getConnection()) {
            return AuditLog.select(connection, filter);
        } catch (SQLException e) {
            throw new IllegalStateException("reading the audit failed: " + e.getMessage(), e);
        }
    }

    /** The ids of the player's live games, oldest first, at most {@code limit}. */
    /** The player's live games created before {@code createdBefore}, oldest first. */
    public List<String> liveGamesOf(String playerId, java.time.Instant createdBefore, int limit) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement(LIVE_OF)) {
            query.setString(1, playerId);
            query.setString(2, playerId);
            query.setObject(3, java.time.OffsetDateTime.ofInstant(createdBefore, java.time.ZoneOffset.UTC));
            query.setInt(4, limit);
            List<String> ids = new ArrayList<>();
            try (ResultSet rs = query.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
            return ids;
        } catch (SQLException e) {
            throw new IllegalStateException("reading the live games of a player failed: " + e.getMessage(), e);
        }
    }

    public long liveCount() {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement(LIVE_COUNT);
             ResultSet rs = query.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException("counting live games failed: " + e.getMessage(), e);
        }
    }
}

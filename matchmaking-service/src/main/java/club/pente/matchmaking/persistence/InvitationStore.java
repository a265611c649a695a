package club.pente.matchmaking.persistence;

import club.pente.core.contract.PlayerRef;
import club.pente.matchmaking.domain.ColourChoice;
import club.pente.matchmaking.domain.Invitation;
import club.pente.matchmaking.domain.Mode;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;

/** JDBC access to friend invitations for the transactions that create, accept and cancel them. */
public final class InvitationStore {
    public record InvitationRow(Invitation invitation, PlayerRef inviter, String timeControl, ColourChoice color, int games,
                                String gameId, String matchId) {
    }

    private InvitationStore() {
    }

    public static void insert(Connection connection, InvitationRow row, Instant now) throws SQLException {
        Invitation invitation = row.invitation();
        try (PreparedStatement insert = connection.prepareStatement(
                "insert into invitations (code, inviter_id, inviter_name, mode, time_control, color, games, status, created_at, "
                        + "expires_at) values (?, ?, ?, ?, ?, ?, ?, 'OPEN', ?, ?)")) {
            insert.setString(1, invitation.code());
            insert.setString(2, row.inviter().id());
            insert.setString(3, row.inviter().name());
            insert.setString(4, invitation.mode().name());
            insert.setString(5, row.timeControl());
            insert.setString(6, row.color().name());
            insert.setInt(7, row.games());
            insert.setTimestamp(8, Timestamp.from(now));
            insert.setTimestamp(9, Timestamp.from(invitation.expiresAt()));
            insert.executeUpdate();
        }
    }

    /** The invitation locked for this transaction, or null for an unknown code. */
    public static InvitationRow lock(Connection connection, String code) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(
                "select code, inviter_id, inviter_name, mode, time_control, color, games, status, expires_at, accepted_by, "
                        + "game_id, match_id from invitations where code = ? for update")) {
            query.setString(1, code);
            try (ResultSet rs = query.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                Invitation invitation = new Invitation(rs.getString(1), rs.getString(2), Mode.valueOf(rs.getString(4)),
                        Invitation.Status.valueOf(rs.getString(8)), rs.getTimestamp(9).toInstant(), rs.getString(10));
                return new InvitationRow(invitation, new PlayerRef(rs.getString(2), rs.getString(3)), rs.getString(5),
                        ColourChoice.valueOf(rs.getString(6)), rs.getInt(7), rs.getString(11), rs.getString(12));
            }
        }
    }

    public static void accept(Connection connection, String code, PlayerRef by, String gameId, String matchId, Instant now)
            throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(
                "update invitations set status = 'ACCEPTED', accepted_by = ?, accepted_name = ?, accepted_at = ?, game_id = ?, "
                        + "match_id = ? where code = ?")) {
            update.setString(1, by.id());
            update.setString(2, by.name());
            update.setTimestamp(3, Timestamp.from(now));
            update.setString(4, gameId);
            update.setString(5, matchId);
            update.setString(6, code);
            update.executeUpdate();
        }
    }

    public static int cancel(Connection connection, String code) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(
                "update invitations set status = 'CANCELLED' where code = ? and status = 'OPEN'")) {
            update.setString(1, code);
            return update.executeUpdate();
        }
    }
}

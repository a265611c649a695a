package club.pente.matchmaking.persistence;

import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Variant;
import club.pente.matchmaking.application.InvitationRepository;
import club.pente.matchmaking.application.StoredInvitation;
import club.pente.matchmaking.domain.ColourChoice;
import club.pente.matchmaking.domain.Invitation;
import club.pente.matchmaking.domain.Mode;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

import static club.pente.matchmaking.domain.Invitation.Status.ACCEPTED;
import static club.pente.matchmaking.domain.Invitation.Status.CANCELLED;
import static club.pente.matchmaking.domain.Invitation.Status.DECLINED;
import static club.pente.matchmaking.domain.Invitation.Status.FAILED;
import static club.pente.matchmaking.domain.Invitation.Status.OPEN;
import static club.pente.matchmaking.persistence.Sql.literal;

/** Friend invitations in {@code invitations}. */
final class JdbcInvitations implements InvitationRepository {
    private static final String INSERT = "insert into invitations (code, inviter_id, inviter_name, mode, time_control, color, games, "
            + "status, created_at, expires_at, invitee_name, variant) values (?, ?, ?, ?, ?, ?, ?, " + literal(OPEN) + ", ?, ?, ?, ?)";
    private static final String FIND = "select code, inviter_id, inviter_name, mode, time_control, color, games, status, expires_at, "
            + "accepted_by, game_id, match_id, invitee_name, variant from invitations where code = ?";
    private static final String LOCK = FIND + " for update";
    private static final String ACCEPT = "update invitations set status = " + literal(ACCEPTED) + ", accepted_by = ?, "
            + "accepted_name = ?, accepted_at = ?, game_id = ?, match_id = ? where code = ?";
    private static final String CANCEL = "update invitations set status = " + literal(CANCELLED) + " where code = ? and status = "
            + literal(OPEN);
    private static final String DECLINE = "update invitations set status = " + literal(DECLINED) + " where code = ? and status = "
            + literal(OPEN);
    private static final String FAIL_BY_GAME = "update invitations set status = " + literal(FAILED) + " where game_id = ? and status = "
            + literal(ACCEPTED) + " returning code";
    private static final String PENDING = "select code, inviter_id, inviter_name, mode, time_control, color, games, status, expires_at, "
            + "accepted_by, game_id, match_id, invitee_name, variant from invitations where status = " + literal(OPEN) + " and expires_at > ? and ";
    private static final String PENDING_FROM = PENDING + "inviter_id = ? order by created_at desc limit ?";
    private static final String PENDING_FOR = PENDING + "lower(invitee_name) = lower(?) order by created_at desc limit ?";
    // The accounts matchmaking has seen under a name, newest first; guests and the computer are not addressable.
    private static final String ACCOUNT_NAMED = "select id from ("
            + "select white_id id, white_name name, created_at seen from games where lower(white_name) = lower(?) "
            + "union all select black_id, black_name, created_at from games where lower(black_name) = lower(?) "
            + "union all select player_id, player_name, created_at from seeks where lower(player_name) = lower(?) "
            + "union all select inviter_id, inviter_name, created_at from invitations where lower(inviter_name) = lower(?) "
            + "union all select accepted_by, accepted_name, accepted_at from invitations where lower(accepted_name) = lower(?)"
            + ") known where id not like 'guest:%' and id not like 'ai:%' order by seen desc limit 1";
    private static final String OPEN_OF = "select count(*) from invitations where inviter_id = ? and status = " + literal(OPEN)
            + " and expires_at > ?";

    private final Sql sql;

    JdbcInvitations(Sql sql) {
        this.sql = sql;
    }

    @Override
    public void insert(StoredInvitation row, Instant now) {
        Invitation invitation = row.invitation();
        sql.update(INSERT, invitation.code(), row.inviter().id(), row.inviter().name(), invitation.mode(), row.timeControl(),
                row.color(), row.games(), now, invitation.expiresAt(), invitation.invitee(), row.variant());
    }

    @Override
    public StoredInvitation lock(String code) {
        return sql.one(LOCK, JdbcInvitations::invitation, code);
    }

    @Override
    public StoredInvitation find(String code) {
        return sql.one(FIND, JdbcInvitations::invitation, code);
    }

    private static StoredInvitation invitation(ResultSet rs) throws SQLException {
        Invitation invitation = new Invitation(rs.getString(1), rs.getString(2), Mode.valueOf(rs.getString(4)),
                Invitation.Status.valueOf(rs.getString(8)), Sql.instant(rs, 9), rs.getString(10), rs.getString(13));
        return new StoredInvitation(invitation, new PlayerRef(rs.getString(2), rs.getString(3)), rs.getString(5),
                ColourChoice.valueOf(rs.getString(6)), rs.getInt(7), rs.getString(11), rs.getString(12), Variant.valueOf(rs.getString(14)));
    }

    @Override
    public void accept(String code, PlayerRef by, String gameId, String matchId, Instant now) {
        sql.update(ACCEPT, by.id(), by.name(), now, gameId, matchId, code);
    }

    @Override
    public int cancel(String code) {
        return sql.update(CANCEL, code);
    }

    @Override
    public int decline(String code) {
        return sql.update(DECLINE, code);
    }

    @Override
    public String failByGame(String gameId) {
        return sql.one(FAIL_BY_GAME, rs -> rs.getString(1), gameId);
    }

    @Override
    public List<StoredInvitation> pendingFrom(String inviterId, Instant now, int limit) {
        return sql.list(PENDING_FROM, JdbcInvitations::invitation, now, inviterId, limit);
    }

    @Override
    public List<StoredInvitation> pendingFor(String username, Instant now, int limit) {
        return sql.list(PENDING_FOR, JdbcInvitations::invitation, now, username, limit);
    }

    @Override
    public String accountIdNamed(String username) {
        return sql.one(ACCOUNT_NAMED, rs -> rs.getString(1), username, username, username, username, username);
    }

    @Override
    public long openOf(String inviterId, Instant now) {
        return sql.one(OPEN_OF, rs -> rs.getLong(1), inviterId, now);
    }
}

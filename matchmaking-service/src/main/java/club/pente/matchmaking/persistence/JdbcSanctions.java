package club.pente.matchmaking.persistence;

import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.PlayerSanctions;
import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;
import club.pente.kit.audit.AuditFilter;
import club.pente.kit.audit.AuditLog;
import club.pente.matchmaking.application.Sanction;
import club.pente.matchmaking.application.SanctionStore;
import club.pente.matchmaking.domain.Invitation;
import club.pente.matchmaking.domain.SeekStatus;
import jakarta.enterprise.context.ApplicationScoped;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

import static club.pente.matchmaking.persistence.Sql.instant;
import static club.pente.matchmaking.persistence.Sql.literal;

/** {@code sanctions}, {@code admin_audit} and their outbox rows, in matchmaking's database. */
@ApplicationScoped
public class JdbcSanctions implements SanctionStore {
    /** Advisory locks of the two-int form (a key space apart from the outbox's and the lobby's bigint keys). */
    private static final int LOCK_SPACE = 0x50536E63; // "PSnc"
    /** A sanction change holds the player's lock exclusively; a request that opens play holds it shared (see below). */
    private static final String LOCK = "select pg_advisory_xact_lock(?, hashtext(?))";
    private static final String LOCK_SHARED = "select pg_advisory_xact_lock_shared(?, hashtext(?))";
    private static final String COLUMNS = "id, kind, player_id, since, until, reason, forfeit_live_games, staff_id, staff_name, staff_role, "
            + "lifted_at, lifted_by_id, lifted_by_name, lifted_by_role, lift_reason, replaced_by";
    /** Served by the partial index sanctions_in_force (rows not lifted only). */
    private static final String IN_FORCE = "select " + COLUMNS + " from sanctions where player_id = ? and kind = ? and lifted_at is null "
            + "and since <= ? and (until is null or until > ?) order by since desc limit 1";
    private static final String ALL_IN_FORCE = "select " + COLUMNS + " from sanctions where player_id = ? and lifted_at is null "
            + "and since <= ? and (until is null or until > ?) order by since desc";
    private static final String INSERT = "insert into sanctions (" + COLUMNS + ") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, null, null, "
            + "null, null, null)";
    private static final String LIFT = "update sanctions set lifted_at = ?, lifted_by_id = ?, lifted_by_name = ?, lifted_by_role = ?, "
            + "lift_reason = ?, replaced_by = ? where id = ? and lifted_at is null";
    private static final String HISTORY = "select " + COLUMNS + " from sanctions where player_id = ? order by since desc, id limit ?";
    private static final String WITHDRAW_SEEKS = "update seeks set status = " + literal(SeekStatus.CANCELLED) + ", ended_at = ? "
            + "where player_id = ? and status = " + literal(SeekStatus.WAITING);
    private static final String WITHDRAW_INVITATIONS = "update invitations set status = " + literal(Invitation.Status.CANCELLED)
            + " where inviter_id = ? and status = " + literal(Invitation.Status.OPEN);
    /** A suspended entrant leaves the tournaments that have not started (a started one forfeits through the game service). */
    private static final String WITHDRAW_TOURNAMENTS = "delete from tournament_players where player_id = ? "
            + "and tournament_id in (select id from tournaments where status = 'OPEN')";
    private static final String BACKLOG = "select count(*) from outbox where published_at is null";

    private final JdbcTransactions transactions;

    public JdbcSanctions(JdbcTransactions transactions) {
        this.transactions = transactions;
    }

    @Override
    public <T> T change(String playerId, Work<T> work) {
        return transactions.inTransaction(sql -> {
            sql.one(LOCK, rs -> null, LOCK_SPACE, playerId);
            return work.apply(new JdbcChange(sql, playerId));
        });
    }

    /**
     * The check of every request that opens play, inside its transaction: the player's lock in shared mode (held to
     * commit, so requests of one player do not wait for each other, only for a sanction change), then the suspension
     * in force (an index scan of sanctions_in_force), both in one round trip.
     */
    static Sanction suspensionInForceShared(Sql sql, String playerId, Instant now) {
        return sql.oneAfter(LOCK_SHARED, IN_FORCE, JdbcSanctions::read, LOCK_SPACE, playerId, playerId, Sanction.Kind.SUSPENSION, now, now);
    }

    /** {@link #suspensionInForceShared} for code that holds its own JDBC transaction (tournaments). */
    public static Sanction suspensionInForce(java.sql.Connection connection, String playerId, Instant now) {
        return suspensionInForceShared(new Sql(connection), playerId, now);
    }

    @Override
    public List<Sanction> inForce(String playerId, Instant now) {
        return transactions.read(sql -> sql.list(ALL_IN_FORCE, JdbcSanctions::read, playerId, now, now));
    }

    @Override
    public List<Sanction> history(String playerId, int limit) {
        return transactions.read(sql -> sql.list(HISTORY, JdbcSanctions::read, playerId, limit));
    }

    @Override
    public List<AuditEntry> audit(AuditFilter filter) {
        AuditLog.Query query = AuditLog.query(filter);
        return transactions.read(sql -> sql.list(query.sql(), AuditLog::read, query.parameters().toArray()));
    }

    @Override
    public long outboxBacklog() {
        return transactions.read(sql -> sql.one(BACKLOG, rs -> rs.getLong(1)));
    }

    private static Sanction read(ResultSet rs) throws SQLException {
        StaffActor liftedBy = rs.getString("lifted_by_id") == null ? null : new StaffActor(rs.getString("lifted_by_id"),
                rs.getString("lifted_by_name"), StaffRole.valueOf(rs.getString("lifted_by_role")));
        return new Sanction(rs.getString("id"), Sanction.Kind.valueOf(rs.getString("kind")), rs.getString("player_id"),
                instant(rs, 4), instant(rs, 5), rs.getString("reason"), rs.getBoolean("forfeit_live_games"),
                new StaffActor(rs.getString("staff_id"), rs.getString("staff_name"), StaffRole.valueOf(rs.getString("staff_role"))),
                instant(rs, 11), liftedBy, rs.getString("lift_reason"), rs.getString("replaced_by"));
    }

    private static final class JdbcChange implements Change {
        private final Sql sql;
        private final String playerId;
        private final Outbox outbox;

        JdbcChange(Sql sql, String playerId) {
            this.sql = sql;
            this.playerId = playerId;
            this.outbox = new Outbox(sql);
        }

        @Override
        public Sanction inForce(Sanction.Kind kind, Instant now) {
            return sql.one(IN_FORCE, JdbcSanctions::read, playerId, kind, now, now);
        }

        @Override
        public void insert(Sanction s) {
            sql.update(INSERT, s.id(), s.kind(), s.playerId(), s.since(), s.until(), s.reason(), s.forfeitLiveGames(),
                    s.staff().subject(), s.staff().username(), s.staff().role());
        }

        @Override
        public void lift(String id, Instant at, StaffActor by, String reason, String replacedBy) {
            sql.update(LIFT, at, by.subject(), by.username(), by.role(), reason, replacedBy, id);
        }

        @Override
        public int withdrawOpenPlay(String player, Instant now) {
            return sql.update(WITHDRAW_SEEKS, now, player) + sql.update(WITHDRAW_INVITATIONS, player)
                    + sql.update(WITHDRAW_TOURNAMENTS, player);
        }

        @Override
        public void audit(AuditEntry entry, Instant now) {
            sql.update(AuditLog.INSERT, AuditLog.parameters(entry).toArray());
            outbox.audit(entry, now);
        }

        @Override
        public void publish(PlayerSanctions sanctions, Instant now) {
            outbox.sanctions(sanctions, now);
        }
    }
}

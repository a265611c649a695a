package club.pente.kit.audit;

import club.pente.core.contract.AuditAction;
import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.AuditOutcome;
import club.pente.core.contract.AuditTarget;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code admin_audit} table every owning service keeps (its Flyway migration copies
 * {@code club/pente/kit/audit/admin_audit.sql}: append-only, a trigger refuses UPDATE and DELETE). Rows are written
 * in the same transaction as the action's effect, next to the outbox row (or Kafka transaction) that carries the
 * same {@link AuditEntry} to {@code pente.admin.audit}. JDBC here; a reactive service binds {@link #INSERT} itself
 * with {@link #parameters(AuditEntry)}.
 */
public final class AuditLog {
    public static final String INSERT = "INSERT INTO admin_audit (audit_id, occurred_at, service, actor_id, actor_name, actor_role, "
            + "action, target_type, target_id, game_id, reason, outcome, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            + "ON CONFLICT (audit_id) DO NOTHING";
    private static final String COLUMNS = "audit_id, occurred_at, service, actor_id, actor_name, actor_role, action, target_type, "
            + "target_id, game_id, reason, outcome, detail";

    private AuditLog() {
    }

    /** The values for {@link #INSERT}'s thirteen placeholders, in order; the time as a {@link Timestamp}. */
    public static List<Object> parameters(AuditEntry entry) {
        List<Object> values = new ArrayList<>(13);
        values.add(entry.auditId());
        values.add(Timestamp.from(entry.occurredAt()));
        values.add(entry.service());
        values.add(entry.actor().subject());
        values.add(entry.actor().username());
        values.add(entry.actor().role().name());
        values.add(entry.action().name());
        values.add(entry.targetType().name());
        values.add(entry.targetId());
        values.add(entry.gameId());
        values.add(entry.reason());
        values.add(entry.outcome().name());
        values.add(entry.detail());
        return values;
    }

    /** Writes the entry in the caller's transaction; false if an entry with its id is already there (a redelivery). */
    public static boolean insert(Connection connection, AuditEntry entry) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(INSERT)) {
            List<Object> values = parameters(entry);
            for (int i = 0; i < values.size(); i++) {
                statement.setObject(i + 1, values.get(i));
            }
            return statement.executeUpdate() == 1;
        }
    }

    /** The entries the filter asks for, newest first. */
    public static List<AuditEntry> select(Connection connection, AuditFilter filter) throws SQLException {
        Query query = query(filter);
        try (PreparedStatement statement = connection.prepareStatement(query.sql())) {
            for (int i = 0; i < query.parameters().size(); i++) {
                statement.setObject(i + 1, query.parameters().get(i));
            }
            try (ResultSet rows = statement.executeQuery()) {
                List<AuditEntry> entries = new ArrayList<>();
                while (rows.next()) {
                    entries.add(read(rows));
                }
                return entries;
            }
        }
    }

    /** The SELECT for a filter with positional {@code ?} placeholders, for a caller that runs it another way. */
    public static Query query(AuditFilter filter) {
        StringBuilder sql = new StringBuilder("SELECT ").append(COLUMNS).append(" FROM admin_audit WHERE TRUE");
        List<Object> values = new ArrayList<>();
        if (filter.actor() != null) {
            sql.append(" AND (actor_id = ? OR actor_name = ?)");
            values.add(filter.actor());
            values.add(filter.actor());
        }
        if (filter.action() != null) {
            sql.append(" AND action = ?");
            values.add(filter.action().name());
        }
        if (filter.target() != null) {
            sql.append(" AND target_id = ?");
            values.add(filter.target());
        }
        if (filter.game() != null) {
            sql.append(" AND game_id = ?");
            values.add(filter.game());
        }
        if (filter.since() != null) {
            sql.append(" AND occurred_at >= ?");
            values.add(Timestamp.from(filter.since()));
        }
        if (filter.until() != null) {
            sql.append(" AND occurred_at < ?");
            values.add(Timestamp.from(filter.until()));
        }
        sql.append(" ORDER BY occurred_at DESC, audit_id LIMIT ").append(filter.limit());
        return new Query(sql.toString(), values);
    }

    public record Query(String sql, List<Object> parameters) {
    }

    /** One row as an entry, columns named as in {@link #INSERT}. */
    public static AuditEntry read(ResultSet row) throws SQLException {
        StaffActor actor = new StaffActor(row.getString("actor_id"), row.getString("actor_name"),
                StaffRole.valueOf(row.getString("actor_role")));
        return new AuditEntry(Contracts.SCHEMA_VERSION, row.getString("audit_id"), row.getTimestamp("occurred_at").toInstant(),
                row.getString("service"), actor, AuditAction.valueOf(row.getString("action")),
                AuditTarget.valueOf(row.getString("target_type")), row.getString("target_id"), row.getString("game_id"),
                row.getString("reason"), AuditOutcome.valueOf(row.getString("outcome")), row.getString("detail"));
    }
}

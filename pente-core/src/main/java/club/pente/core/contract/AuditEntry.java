package club.pente.core.contract;

import java.time.Instant;
import java.util.Objects;

/**
 * One staff action, on {@code pente.admin.audit} keyed by {@code targetId}, and a row of the owning service's
 * {@code admin_audit} table written in the same transaction as the action's effect. Nothing in the platform
 * edits or deletes one.
 *
 * @param auditId   unique; the row's primary key, so a redelivered action writes no second entry
 * @param service   the owning service that wrote it ({@code game-service}, {@code matchmaking-service}, ...)
 * @param actor     who did it, as the verified token proved
 * @param targetId  the game id, player id or chat message id ({@code gameId} then names the game of a message)
 * @param gameId    the game concerned, or null
 * @param outcome   applied or refused; {@code detail} holds a refusal's reason code or what the effect was
 */
public record AuditEntry(int schemaVersion, String auditId, Instant occurredAt, String service, StaffActor actor,
                         AuditAction action, AuditTarget targetType, String targetId, String gameId, String reason,
                         AuditOutcome outcome, String detail) {

    public static final int MAX_DETAIL = 500;

    public AuditEntry {
        Ids.requireId(auditId, "auditId");
        Objects.requireNonNull(occurredAt, "occurredAt is required");
        Ids.requireId(service, "service");
        Objects.requireNonNull(actor, "actor is required");
        Objects.requireNonNull(action, "action is required");
        Objects.requireNonNull(targetType, "targetType is required");
        Ids.requirePlayerId(targetId, "targetId");
        if (gameId != null) {
            Ids.requireId(gameId, "gameId");
        }
        Ids.requireText(reason, Ids.MAX_REASON, "reason");
        Objects.requireNonNull(outcome, "outcome is required");
        if (detail != null && detail.length() > MAX_DETAIL) {
            throw new IllegalArgumentException("detail must be at most " + MAX_DETAIL + " characters");
        }
    }

    public static AuditEntry of(String auditId, Instant at, String service, StaffActor actor, AuditAction action, String targetId,
                                String gameId, String reason, AuditOutcome outcome, String detail) {
        return new AuditEntry(Contracts.SCHEMA_VERSION, auditId, at, service, actor, action, action.target(), targetId, gameId,
                reason, outcome, detail);
    }
}

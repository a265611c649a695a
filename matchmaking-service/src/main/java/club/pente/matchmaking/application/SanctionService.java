package club.pente.matchmaking.application;

import club.pente.core.contract.AuditAction;
import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.AuditOutcome;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.PlayerSanctions;
import club.pente.core.contract.StaffActor;
import club.pente.kit.rest.ApiException;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * Suspensions and chat mutes of accounts, owned here. Each change is one transaction: the sanctions rows, one
 * audit entry (row + {@code pente.admin.audit}) and the player's whole {@link PlayerSanctions} on
 * {@code pente.admin.sanctions}, which the game service reads. Every request that a suspension forbids asks
 * PostgreSQL inside its own transaction ({@link #requireNotSuspended}), so a second instance refuses at once and a
 * seek or invitation cannot slip past a suspension being committed. Staff never change their own sanctions.
 */
@ApplicationScoped
public class SanctionService {
    public static final String SERVICE = "matchmaking-service";
    public static final int HISTORY_LIMIT = 100;

    /** In force now (null when none); history only where asked for. */
    public record Current(String playerId, Sanction suspension, Sanction mute, List<Sanction> history) {
    }

    private final SanctionStore store;
    private final AfterCommit afterCommit;

    public SanctionService(SanctionStore store, AfterCommit afterCommit) {
        this.store = store;
        this.afterCommit = afterCommit;
    }

    public Current suspend(StaffActor staff, String playerIdText, String reasonText, Integer minutes, Boolean forfeit) {
        String playerId = SanctionRules.target(staff, playerIdText);
        String reason = SanctionRules.reason(reasonText);
        boolean forfeitLiveGames = Boolean.TRUE.equals(forfeit);
        Instant now = Contracts.now();
        Instant until = SanctionRules.suspensionUntil(staff, minutes, forfeitLiveGames, now);
        Sanction suspension = new Sanction(Contracts.newId(), Sanction.Kind.SUSPENSION, playerId, now, until, reason, forfeitLiveGames,
                staff, null, null, null, null);
        String detail = (until == null ? "until lifted" : "until " + until) + (forfeitLiveGames ? ", forfeit live games" : "");
        return change(AuditAction.SUSPEND_PLAYER, suspension, detail, now);
    }

    public Current mute(StaffActor staff, String playerIdText, String reasonText, Integer minutes) {
        String playerId = SanctionRules.target(staff, playerIdText);
        String reason = SanctionRules.reason(reasonText);
        Instant now = Contracts.now();
        Instant until = SanctionRules.muteUntil(minutes, now);
        Sanction mute = new Sanction(Contracts.newId(), Sanction.Kind.MUTE, playerId, now, until, reason, false, staff, null, null,
                null, null);
        return change(AuditAction.MUTE_CHAT, mute, "until " + until, now);
    }

    public Current liftSuspension(StaffActor staff, String playerIdText, String reasonText) {
        return lift(staff, playerIdText, reasonText, Sanction.Kind.SUSPENSION, AuditAction.LIFT_SUSPENSION);
    }

    public Current liftMute(StaffActor staff, String playerIdText, String reasonText) {
        return lift(staff, playerIdText, reasonText, Sanction.Kind.MUTE, AuditAction.LIFT_MUTE);
    }

    /** What staff see of a player: in force now, and the history. */
    public Current sanctionsOf(String playerIdText) {
        String playerId = SanctionRules.accountId(playerIdText);
        Current now = current(playerId, store.inForce(playerId, Contracts.now()));
        return new Current(playerId, now.suspension(), now.mute(), store.history(playerId, HISTORY_LIMIT));
    }

    /** The caller's own sanctions; a guest has none (guests cannot be sanctioned). */
    public Current mine(Player player) {
        if (!player.hasAccount()) {
            return new Current(player.id(), null, null, List.of());
        }
        return current(player.id(), store.inForce(player.id(), Contracts.now()));
    }

    /**
     * 403 SUSPENDED for an account suspended now, checked inside the transaction that would open play (a seek, an
     * invitation, a game), so that it serializes with a suspension's withdrawal of open play. Guests are never
     * suspended, so they cost no query.
     */
    public static void requireNotSuspended(Transaction tx, Player player) {
        if (!player.hasAccount()) {
            return;
        }
        Sanction suspension = tx.suspensionInForce(player.id(), Contracts.now());
        if (suspension != null) {
            throw ApiException.forbidden("SUSPENDED", SanctionRules.suspendedMessage(suspension));
        }
    }

    private Current change(AuditAction action, Sanction sanction, String detail, Instant now) {
        Current after = store.change(sanction.playerId(), tx -> {
            Sanction previous = tx.inForce(sanction.kind(), now);
            if (previous != null) {
                tx.lift(previous.id(), now, sanction.staff(), "replaced by " + sanction.id(), sanction.id());
            }
            tx.insert(sanction);
            String effect = detail;
            if (sanction.kind() == Sanction.Kind.SUSPENSION) {
                int withdrawn = tx.withdrawOpenPlay(sanction.playerId(), now);
                effect += withdrawn > 0 ? ", withdrew " + withdrawn + " open seeks, invitations and tournament entries" : "";
            }
            if (previous != null) {
                effect += ", replaces " + previous.id();
            }
            return audited(tx, action, sanction.staff(), sanction.playerId(), sanction.reason(), auditId(action, sanction.id()),
                    effect, now);
        });
        afterCommit.outboxWritten();
        return after;
    }

    private Current lift(StaffActor staff, String playerIdText, String reasonText, Sanction.Kind kind, AuditAction action) {
        String playerId = SanctionRules.target(staff, playerIdText);
        String reason = SanctionRules.reason(reasonText);
        Instant now = Contracts.now();
        Current after = store.change(playerId, tx -> {
            Sanction inForce = tx.inForce(kind, now);
            if (inForce == null) {
                throw kind == Sanction.Kind.SUSPENSION
                        ? ApiException.notFound("NOT_SUSPENDED", "the player is not suspended")
                        : ApiException.notFound("NOT_MUTED", "the player is not muted");
            }
            tx.lift(inForce.id(), now, staff, reason, null);
            return audited(tx, action, staff, playerId, reason, auditId(action, inForce.id()), "lifted " + inForce.id(), now);
        });
        afterCommit.outboxWritten();
        return after;
    }

    /** The state after the change, read back inside the transaction, on both channels. */
    private static Current audited(SanctionStore.Change tx, AuditAction action, StaffActor staff, String playerId, String reason,
                                   String auditId, String detail, Instant now) {
        Sanction suspension = tx.inForce(Sanction.Kind.SUSPENSION, now);
        Sanction mute = tx.inForce(Sanction.Kind.MUTE, now);
        tx.publish(new PlayerSanctions(Contracts.SCHEMA_VERSION, Contracts.newId(), playerId,
                suspension == null ? null : suspension.asSuspension(), mute == null ? null : mute.asMute(), now), now);
        String cut = detail.length() > AuditEntry.MAX_DETAIL ? detail.substring(0, AuditEntry.MAX_DETAIL) : detail;
        tx.audit(AuditEntry.of(auditId, now, SERVICE, staff, action, playerId, null, reason, AuditOutcome.APPLIED, cut), now);
        return new Current(playerId, suspension, mute, null);
    }

    /** From the sanction's id, so one sanction (or its lifting) is audited once. */
    private static String auditId(AuditAction action, String sanctionId) {
        return action.name().toLowerCase(Locale.ROOT).replace('_', '-') + "-" + sanctionId;
    }

    private static Current current(String playerId, List<Sanction> inForce) {
        Sanction suspension = null;
        Sanction mute = null;
        for (Sanction sanction : inForce) {
            if (sanction.kind() == Sanction.Kind.SUSPENSION) {
                suspension = sanction;
            } else {
                mute = sanction;
            }
        }
        return new Current(playerId, suspension, mute, null);
    }

    public List<AuditEntry> audit(club.pente.kit.audit.AuditFilter filter) {
        return store.audit(filter);
    }

    public long outboxBacklog() {
        return store.outboxBacklog();
    }
}

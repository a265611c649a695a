package club.pente.game.domain;

import club.pente.core.contract.Abort;
import club.pente.core.contract.AnnulGame;
import club.pente.core.contract.AuditAction;
import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.AuditOutcome;
import club.pente.core.contract.ForfeitGame;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.RemoveChat;
import club.pente.core.contract.StaffActor;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * The audit entry of a staff command the authority decided: applied, or refused by the rules (a race the REST
 * edge could not see) with the rejection's code. Its id comes from the command's identity, so a redelivered
 * command can never write a second entry.
 */
public final class StaffAudit {
    public static final String SERVICE = "game-service";

    private StaffAudit() {
    }

    /** Whether the command is one staff gave (an abort or chat removal from before staff identities is not audited). */
    public static boolean isStaffCommand(GameCommand command) {
        return command instanceof AnnulGame || command instanceof ForfeitGame
                || command instanceof Abort abort && abort.staff() != null
                || command instanceof RemoveChat remove && remove.staff() != null;
    }

    /** The entry's id for the command with this identity (game, sender, command id). */
    public static String auditId(String gameId, String actorId, String commandId) {
        return "game-audit-" + UUID.nameUUIDFromBytes((gameId + "/" + actorId + "/" + commandId).getBytes(StandardCharsets.UTF_8));
    }

    /** The entry for a staff command's decision, or null: not a staff command, or nothing was decided (a duplicate). */
    public static AuditEntry of(GameCommand command, Decision decision, Instant now) {
        if (!isStaffCommand(command) || !(decision instanceof Decision.StateChange || decision instanceof Decision.Rejected)) {
            return null;
        }
        String id = auditId(command.gameId(), GameAuthority.actorOf(command), command.commandId());
        AuditOutcome outcome = decision instanceof Decision.Rejected ? AuditOutcome.REFUSED : AuditOutcome.APPLIED;
        String detail = decision instanceof Decision.Rejected rejected ? rejected.rejection().reason().name() : applied(command, decision);
        if (command instanceof Abort abort) {
            return entry(id, now, abort.staff(), AuditAction.ABORT_GAME, abort.gameId(), abort.gameId(), abort.reason(), outcome, detail);
        }
        if (command instanceof AnnulGame annul) {
            return entry(id, now, annul.staff(), AuditAction.ANNUL_GAME, annul.gameId(), annul.gameId(), annul.reason(), outcome, detail);
        }
        if (command instanceof ForfeitGame forfeit) {
            return entry(id, now, forfeit.staff(), AuditAction.FORFEIT_GAME, forfeit.gameId(), forfeit.gameId(), forfeit.reason(), outcome,
                    detail);
        }
        RemoveChat remove = (RemoveChat) command;
        return entry(id, now, remove.staff(), AuditAction.REMOVE_CHAT, remove.messageId(), remove.gameId(), remove.reason(), outcome, detail);
    }

    private static AuditEntry entry(String id, Instant now, StaffActor staff, AuditAction action, String target, String gameId,
                                    String reason, AuditOutcome outcome, String detail) {
        // The row keeps microseconds: the record republished from it after a crash must be the very same entry.
        return AuditEntry.of(id, now.truncatedTo(ChronoUnit.MICROS), SERVICE, staff, action, target, gameId, reason, outcome, detail);
    }

    /** What an applied staff command did, in a few words for the audit page. */
    private static String applied(GameCommand command, Decision decision) {
        LiveGame game = ((Decision.StateChange) decision).game();
        if (command instanceof ForfeitGame forfeit) {
            String name = game.white().id().equals(forfeit.playerId()) ? game.white().name() : game.black().name();
            return name + " forfeited at ply " + game.position().ply() + ": " + game.result() + (game.ranked() ? ", rated" : "")
                    + ", suspension " + forfeit.suspensionId();
        }
        if (command instanceof AnnulGame) {
            return "annulled a " + (game.ranked() ? "ranked" : "casual") + " game that ended " + game.result() + " (" + game.reason() + ")";
        }
        if (command instanceof Abort) {
            return "aborted at ply " + game.position().ply();
        }
        return "message removed";
    }
}

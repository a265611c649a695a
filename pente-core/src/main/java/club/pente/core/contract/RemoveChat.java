package club.pente.core.contract;

import java.time.Instant;

/**
 * Staff (realm role {@code moderator} or {@code admin}, checked by the game service's REST edge) remove a chat
 * message: it disappears for everyone, live and in replay, and stays stored, marked removed, for the audit.
 * {@code staff} is who did it ({@code staffId} is its subject); a record from before staff identities has none.
 */
public record RemoveChat(int schemaVersion, String commandId, String gameId, String staffId, String messageId, String reason,
                         Instant issuedAt, StaffActor staff) implements GameCommand {

    public RemoveChat {
        Ids.requireId(commandId, "commandId");
        Ids.requireId(gameId, "gameId");
        Ids.requirePlayerId(staffId, "staffId");
        Ids.requireId(messageId, "messageId");
        Ids.requireText(reason, Ids.MAX_REASON, "reason");
        if (staff != null && !staff.subject().equals(staffId)) {
            throw new IllegalArgumentException("staffId must be the staff subject");
        }
    }

    public static RemoveChat of(String gameId, String staffId, String messageId, String reason) {
        return new RemoveChat(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, staffId, messageId, reason, Contracts.now(), null);
    }

    public static RemoveChat by(StaffActor staff, String gameId, String messageId, String reason) {
        return new RemoveChat(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, staff.subject(), messageId, reason,
                Contracts.now(), staff);
    }
}

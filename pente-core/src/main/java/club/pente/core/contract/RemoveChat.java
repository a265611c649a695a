package club.pente.core.contract;

import java.time.Instant;

/**
 * Staff (realm role {@code moderator} or {@code admin}, checked by the game service's REST edge) remove a chat
 * message: it disappears for everyone, live and in replay, and stays stored, marked removed, for the audit.
 */
public record RemoveChat(int schemaVersion, String commandId, String gameId, String staffId, String messageId, String reason,
                         Instant issuedAt) implements GameCommand {

    public RemoveChat {
        Ids.requireId(commandId, "commandId");
        Ids.requireId(gameId, "gameId");
        Ids.requirePlayerId(staffId, "staffId");
        Ids.requireId(messageId, "messageId");
        Ids.requireText(reason, Ids.MAX_REASON, "reason");
    }

    public static RemoveChat of(String gameId, String staffId, String messageId, String reason) {
        return new RemoveChat(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, staffId, messageId, reason, Contracts.now());
    }
}

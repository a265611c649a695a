package club.pente.core.contract;

import java.time.Instant;

/**
 * Staff end a live game without a winner, never rated; the reason is required and shown to everyone at the table.
 * {@code staff} is who did it ({@code adminId} is its subject); a record from before staff identities has none.
 */
public record Abort(int schemaVersion, String commandId, String gameId, String adminId, String reason, Instant issuedAt,
                    StaffActor staff) implements GameCommand {

    public Abort {
        Ids.requireId(commandId, "commandId");
        Ids.requireId(gameId, "gameId");
        Ids.requirePlayerId(adminId, "adminId");
        Ids.requireText(reason, Ids.MAX_REASON, "reason");
        if (staff != null && !staff.subject().equals(adminId)) {
            throw new IllegalArgumentException("adminId must be the staff subject");
        }
    }

    public static Abort of(String gameId, String adminId, String reason) {
        return new Abort(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, adminId, reason, Contracts.now(), null);
    }

    public static Abort by(StaffActor staff, String gameId, String reason) {
        return new Abort(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, staff.subject(), reason, Contracts.now(), staff);
    }
}

package club.pente.core.contract;

import java.time.Instant;

/** An admin ends a game without a winner. Only accepted from a caller with the {@code admin} role. */
public record Abort(int schemaVersion, String commandId, String gameId, String adminId, String reason, Instant issuedAt)
        implements GameCommand {

    public Abort {
        Ids.requireId(commandId, "commandId");
        Ids.requireId(gameId, "gameId");
        Ids.requirePlayerId(adminId, "adminId");
        Ids.requireText(reason, Ids.MAX_REASON, "reason");
    }

    public static Abort of(String gameId, String adminId, String reason) {
        return new Abort(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, adminId, reason, Contracts.now());
    }
}

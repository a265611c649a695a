package club.pente.core.contract;

import java.time.Instant;

/**
 * Sent by the game service to itself when a clock's deadline has passed, so that the loss on time goes
 * through the one writer of that game like any other command. Ignored when the clock has not run out.
 */
public record ClaimTimeout(int schemaVersion, String commandId, String gameId, Instant issuedAt) implements GameCommand {

    public ClaimTimeout {
        Ids.requireId(commandId, "commandId");
        Ids.requireId(gameId, "gameId");
    }

    public static ClaimTimeout of(String gameId) {
        return new ClaimTimeout(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, Contracts.now());
    }
}

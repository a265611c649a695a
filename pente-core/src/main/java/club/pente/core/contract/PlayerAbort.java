package club.pente.core.contract;

import java.time.Instant;

/**
 * A player calls the game off before it really began (fewer than two plies played): it ends as a
 * {@code DRAW} with reason {@code ABORTED} and is never rated. Staff abort with {@link Abort} at any time.
 */
public record PlayerAbort(int schemaVersion, String commandId, String gameId, String playerId, Instant issuedAt)
        implements GameCommand {

    public PlayerAbort {
        Ids.requireId(commandId, "commandId");
        Ids.requireId(gameId, "gameId");
        Ids.requirePlayerId(playerId, "playerId");
    }

    public static PlayerAbort of(String gameId, String playerId) {
        return new PlayerAbort(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, playerId, Contracts.now());
    }
}

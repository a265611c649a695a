package club.pente.core.contract;

import java.time.Instant;

public record Resign(int schemaVersion, String commandId, String gameId, String playerId, Instant issuedAt)
        implements GameCommand {

    public Resign {
        Ids.requireId(commandId, "commandId");
        Ids.requireId(gameId, "gameId");
        Ids.requirePlayerId(playerId, "playerId");
    }

    public static Resign of(String gameId, String playerId) {
        return new Resign(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, playerId, Contracts.now());
    }
}

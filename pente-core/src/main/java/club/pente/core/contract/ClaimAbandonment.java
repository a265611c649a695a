package club.pente.core.contract;

import java.time.Instant;

/**
 * A player claims the win because the opponent, whose turn it is, has had no connection to any gateway for
 * the abandonment time. Sent by the gateway, which alone knows presence across its instances, only after it
 * checked that; the game service checks the rest (a live game, the opponent to move) and ends it as a win
 * for {@code playerId} with reason {@code ABANDONMENT}.
 */
public record ClaimAbandonment(int schemaVersion, String commandId, String gameId, String playerId, long absentMillis,
                               Instant issuedAt) implements GameCommand {

    public ClaimAbandonment {
        Ids.requireId(commandId, "commandId");
        Ids.requireId(gameId, "gameId");
        Ids.requirePlayerId(playerId, "playerId");
        if (absentMillis < 0) {
            throw new IllegalArgumentException("absentMillis must be 0 or more");
        }
    }

    public static ClaimAbandonment of(String gameId, String playerId, long absentMillis) {
        return new ClaimAbandonment(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, playerId, absentMillis, Contracts.now());
    }
}

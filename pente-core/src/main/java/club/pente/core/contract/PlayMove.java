package club.pente.core.contract;

import java.time.Instant;

/**
 * Place a stone. {@code expectedPly} is the 1-based ply this move would be (moves already played + 1):
 * a command written against an older position is refused as stale instead of landing somewhere unintended.
 */
public record PlayMove(
        int schemaVersion,
        String commandId,
        String gameId,
        String playerId,
        int expectedPly,
        String point,
        Instant issuedAt) implements GameCommand {

    public PlayMove {
        Ids.requireId(commandId, "commandId");
        Ids.requireId(gameId, "gameId");
        Ids.requirePlayerId(playerId, "playerId");
        Ids.requirePoint(point, "point");
        if (expectedPly < 1) {
            throw new IllegalArgumentException("expectedPly must be 1 or more");
        }
    }

    public static PlayMove of(String gameId, String playerId, int expectedPly, String point) {
        return new PlayMove(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, playerId, expectedPly, point, Contracts.now());
    }
}

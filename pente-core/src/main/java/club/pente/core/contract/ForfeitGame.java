package club.pente.core.contract;

import java.time.Instant;
import java.util.Objects;

/**
 * A suspended player's live game ends as a loss by forfeit ({@code EndReason.FORFEIT}, rated as any loss) because
 * staff chose so when suspending. {@code suspensionId} names the suspension; the game service sends one per live
 * game with the command id derived from both, so a redelivered suspension forfeits nothing twice.
 */
public record ForfeitGame(int schemaVersion, String commandId, String gameId, String playerId, String suspensionId,
                          StaffActor staff, String reason, Instant issuedAt) implements GameCommand {

    public ForfeitGame {
        Ids.requireId(commandId, "commandId");
        Ids.requireId(gameId, "gameId");
        Ids.requirePlayerId(playerId, "playerId");
        Ids.requireId(suspensionId, "suspensionId");
        Objects.requireNonNull(staff, "staff is required");
        Ids.requireText(reason, Ids.MAX_REASON, "reason");
    }
}

package club.pente.core.contract;

import java.time.Instant;

/**
 * A command refused, meant for the player who sent it. It changes nothing, so it carries the game's
 * current version rather than a new one; consumers tell rejections apart by {@code eventId}.
 */
public record MoveRejected(
        int schemaVersion,
        String eventId,
        String gameId,
        long version,
        Instant occurredAt,
        String commandId,
        String playerId,
        RejectionReason reason,
        String message) implements GameEvent {
}

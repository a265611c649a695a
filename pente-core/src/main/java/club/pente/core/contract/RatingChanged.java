package club.pente.core.contract;

import java.time.Instant;

/** On {@code pente.rating.events}, keyed by player id. */
public record RatingChanged(
        int schemaVersion,
        String eventId,
        String playerId,
        String gameId,
        int before,
        int after,
        boolean provisional,
        Instant occurredAt) {
}

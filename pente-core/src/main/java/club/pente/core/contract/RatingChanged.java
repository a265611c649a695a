package club.pente.core.contract;

import java.time.Instant;

/**
 * On {@code pente.rating.events}, keyed by player id. {@code cause} says why: a rated game, or the annulment of one
 * (a compensating change that takes back what that game gave; null in records from before annulments means GAME).
 */
public record RatingChanged(
        int schemaVersion,
        String eventId,
        String playerId,
        String gameId,
        int before,
        int after,
        boolean provisional,
        Instant occurredAt,
        Cause cause) {

    public enum Cause { GAME, ANNULMENT }
}

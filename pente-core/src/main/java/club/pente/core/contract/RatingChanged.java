package club.pente.core.contract;

import java.time.Instant;

/**
 * On {@code pente.rating.events}, keyed by player id. {@code cause} says why: a rated game, or the annulment of one
 * (a compensating change that takes back what that game gave; null in records from before annulments means GAME).
 * {@code category} is the {@link RatingCategory#id()} that changed ({@code pente-live} in records from before categories).
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
        Cause cause,
        String category) {

    public RatingChanged {
        category = category == null || category.isBlank() ? RatingCategory.DEFAULT.id() : category;
    }

    /** A Pente live rating (the form before categories). */
    public RatingChanged(int schemaVersion, String eventId, String playerId, String gameId, int before, int after,
                         boolean provisional, Instant occurredAt, Cause cause) {
        this(schemaVersion, eventId, playerId, gameId, before, after, provisional, occurredAt, cause, null);
    }

    public enum Cause { GAME, ANNULMENT }
}

package club.pente.core.contract;

import java.time.Instant;

/**
 * An admin annulled the finished game: its result stands in the record but counts for nothing; the rating
 * service reverses what the game changed (once, whatever the redelivery). {@code reason} is the admin's.
 */
public record GameAnnulled(int schemaVersion, String eventId, String gameId, long version, Instant occurredAt, String commandId,
                           boolean ranked, PlayerRef white, PlayerRef black, StaffActor staff, String reason) implements GameEvent {

    public GameAnnulled {
        Ids.requireId(eventId, "eventId");
        Ids.requireId(gameId, "gameId");
        java.util.Objects.requireNonNull(white, "white is required");
        java.util.Objects.requireNonNull(black, "black is required");
    }
}

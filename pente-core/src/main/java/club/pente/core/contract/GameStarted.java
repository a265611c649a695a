package club.pente.core.contract;

import java.time.Instant;

/** {@code commandId} is the CreateGame that started it; {@code clocks} is null for an untimed game. */
public record GameStarted(
        int schemaVersion,
        String eventId,
        String gameId,
        long version,
        Instant occurredAt,
        String commandId,
        PlayerRef white,
        PlayerRef black,
        boolean ranked,
        TimeControl timeControl,
        Clocks clocks) implements GameEvent {

    public GameStarted {
        Ids.requireId(eventId, "eventId");
        Ids.requireId(gameId, "gameId");
        java.util.Objects.requireNonNull(white, "white is required");
        java.util.Objects.requireNonNull(black, "black is required");
    }
}

package club.pente.core.contract;

import club.pente.core.rules.Variant;

import java.time.Instant;

/**
 * {@code commandId} is the CreateGame that started it; {@code clocks} is null for an untimed game; {@code variant} is
 * Pente in records from before variants; {@code tournamentId} is null outside tournaments.
 */
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
        Clocks clocks,
        Variant variant,
        String tournamentId) implements GameEvent {

    public GameStarted {
        Ids.requireId(eventId, "eventId");
        Ids.requireId(gameId, "gameId");
        java.util.Objects.requireNonNull(white, "white is required");
        java.util.Objects.requireNonNull(black, "black is required");
        variant = Variant.orDefault(variant);
    }

    /** A Pente game outside any tournament (the form before variants). */
    public GameStarted(int schemaVersion, String eventId, String gameId, long version, Instant occurredAt, String commandId,
                       PlayerRef white, PlayerRef black, boolean ranked, TimeControl timeControl, Clocks clocks) {
        this(schemaVersion, eventId, gameId, version, occurredAt, commandId, white, black, ranked, timeControl, clocks,
                Variant.DEFAULT, null);
    }
}

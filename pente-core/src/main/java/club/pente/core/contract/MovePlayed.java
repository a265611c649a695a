package club.pente.core.contract;

import club.pente.core.rules.Announcement;
import club.pente.core.rules.Color;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * A stone placed. {@code captured} lists the removed points in notation; {@code capturedPairs} are the
 * totals after the move; {@code clocks} (null when untimed) are both sides' time after the move.
 */
public record MovePlayed(
        int schemaVersion,
        String eventId,
        String gameId,
        long version,
        Instant occurredAt,
        String commandId,
        int ply,
        Color color,
        String playerId,
        String point,
        List<String> captured,
        PerSide capturedPairs,
        Set<Announcement> announcements,
        Clocks clocks) implements GameEvent {

    public MovePlayed {
        captured = captured == null ? List.of() : List.copyOf(captured);
        announcements = announcements == null ? Set.of() : Set.copyOf(announcements);
    }
}

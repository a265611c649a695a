package club.pente.core.contract;

import club.pente.core.rules.Announcement;
import club.pente.core.rules.Color;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * A stone placed. {@code captured} lists the removed points in notation; {@code capturedPairs} are the
 * totals after the move; {@code clocks} (null when untimed) are both sides' time after the move.
 * {@code capturedPairs} counts captures (in Keryo a trio is one capture), {@code capturedStones} the stones (null in
 * records from before variants: twice the pairs). {@code nextPlayerId} is the player to move now, null when the move
 * ended the game (the lobby's "your turn" notification).
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
        Clocks clocks,
        PerSide capturedStones,
        String nextPlayerId) implements GameEvent {

    public MovePlayed {
        captured = captured == null ? List.of() : List.copyOf(captured);
        announcements = announcements == null ? Set.of() : Set.copyOf(announcements);
    }

    /** The form before variants: stones captured are two per capture, nobody named to move next. */
    public MovePlayed(int schemaVersion, String eventId, String gameId, long version, Instant occurredAt, String commandId,
                      int ply, Color color, String playerId, String point, List<String> captured, PerSide capturedPairs,
                      Set<Announcement> announcements, Clocks clocks) {
        this(schemaVersion, eventId, gameId, version, occurredAt, commandId, ply, color, playerId, point, captured,
                capturedPairs, announcements, clocks,
                capturedPairs == null ? null : new PerSide(2 * capturedPairs.white(), 2 * capturedPairs.black()), null);
    }
}

package club.pente.core.contract;

import club.pente.core.rules.Color;

import java.time.Instant;

/**
 * An accepted takeback: the moves after ply {@code ply} are gone (one or two of them, so that the player who
 * asked is to move again), the stones they captured are back on the board. {@code capturedPairs} and
 * {@code clocks} (null when untimed) are as of afterwards; the clocks are not refunded.
 */
public record MovesTakenBack(int schemaVersion, String eventId, String gameId, long version, Instant occurredAt,
                             String commandId, int ply, int removed, Color toMove, PerSide capturedPairs, Clocks clocks)
        implements GameEvent {
}

package club.pente.core.contract;

import club.pente.core.rules.Variant;

import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;

import java.time.Instant;

/**
 * The result, why, and the tournament points (one per captured pair, five for a pente). {@code commandId}
 * is the command that ended it (a move, a resignation, an abort or a timeout claim). An aborted game ends
 * as a {@code DRAW} with reason {@code ABORTED} and never counts for ratings. {@code note} is the staff's reason
 * when staff ended it (an abort, a forfeit of a suspended player), shown at the table; null otherwise.
 * {@code variant} and {@code timeControl} say which rating a ranked game counts for (Pente, untimed in records from
 * before them); {@code tournamentId} is null outside tournaments. {@code capturedPairs} counts captures (a pair, or
 * in Keryo a pair or a trio).
 */
public record GameEnded(
        int schemaVersion,
        String eventId,
        String gameId,
        long version,
        Instant occurredAt,
        String commandId,
        Status result,
        EndReason reason,
        boolean ranked,
        PlayerRef white,
        PlayerRef black,
        int plies,
        PerSide capturedPairs,
        PerSide points,
        String note,
        Variant variant,
        TimeControl timeControl,
        String tournamentId) implements GameEvent {

    public GameEnded {
        Ids.requireId(eventId, "eventId");
        Ids.requireId(gameId, "gameId");
        java.util.Objects.requireNonNull(white, "white is required");
        java.util.Objects.requireNonNull(black, "black is required");
        variant = Variant.orDefault(variant);
        timeControl = timeControl == null ? TimeControl.UNTIMED : timeControl;
    }

    /** A Pente game outside any tournament (the form before variants). */
    public GameEnded(int schemaVersion, String eventId, String gameId, long version, Instant occurredAt, String commandId,
                     Status result, EndReason reason, boolean ranked, PlayerRef white, PlayerRef black, int plies,
                     PerSide capturedPairs, PerSide points, String note) {
        this(schemaVersion, eventId, gameId, version, occurredAt, commandId, result, reason, ranked, white, black, plies,
                capturedPairs, points, note, Variant.DEFAULT, TimeControl.UNTIMED, null);
    }

    /** The rating this game counts for, when ranked: its variant at its speed. */
    public RatingCategory ratingCategory() {
        return RatingCategory.of(variant, timeControl);
    }
}

package club.pente.core.record;

import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.core.rules.Variant;

import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

/**
 * A finished or ongoing game as people keep it: who played, when, how it ended, the time control and
 * the moves in notation. {@code timeControl} is written like {@code 600+5} (seconds + seconds per move)
 * or {@code -} for untimed; {@code reason} is null while the game goes on.
 */
public record GameRecord(
        String event,
        String white,
        String black,
        LocalDate date,
        Status result,
        EndReason reason,
        String timeControl,
        List<String> moves,
        Variant variant) {

    public GameRecord {
        Objects.requireNonNull(white, "white");
        Objects.requireNonNull(black, "black");
        Objects.requireNonNull(result, "result");
        moves = List.copyOf(moves);
        if (timeControl == null || timeControl.isBlank()) {
            timeControl = "-";
        }
        variant = Variant.orDefault(variant);
    }

    /** A Pente record (the form before variants). */
    public GameRecord(String event, String white, String black, LocalDate date, Status result, EndReason reason,
                      String timeControl, List<String> moves) {
        this(event, white, black, date, result, reason, timeControl, moves, Variant.DEFAULT);
    }
}

package club.pente.game.domain;

import club.pente.core.rules.Color;

import java.time.Instant;
import java.util.List;

/** A move the authority accepted, as it is appended to the move log. */
public record AppliedMove(
        String gameId,
        int ply,
        Color color,
        String playerId,
        String point,
        List<String> captured,
        String commandId,
        long whiteMillis,
        long blackMillis,
        Instant playedAt) {
}

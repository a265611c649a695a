package club.pente.matchmaking.application;

import club.pente.core.rules.Color;
import club.pente.core.rules.Variant;
import club.pente.matchmaking.domain.Mode;
import club.pente.matchmaking.domain.SeekStatus;

import java.time.Instant;

/** A seek as stored; {@code gameId} and {@code color} are set once it was matched. Rows from before variants are Pente. */
public record StoredSeek(String id, String playerId, Mode mode, String timeControl, int rating, SeekStatus status,
                         String gameId, Color color, Instant createdAt, Variant variant) {
    public StoredSeek {
        variant = Variant.orDefault(variant);
    }

    public StoredSeek(String id, String playerId, Mode mode, String timeControl, int rating, SeekStatus status,
                      String gameId, Color color, Instant createdAt) {
        this(id, playerId, mode, timeControl, rating, status, gameId, color, createdAt, Variant.PENTE);
    }
}

package club.pente.matchmaking.application;

import club.pente.core.rules.Color;
import club.pente.matchmaking.domain.Mode;
import club.pente.matchmaking.domain.SeekStatus;

import java.time.Instant;

/** A seek as stored; {@code gameId} and {@code color} are set once it was matched. */
public record StoredSeek(String id, String playerId, Mode mode, String timeControl, int rating, SeekStatus status,
                         String gameId, Color color, Instant createdAt) {
}

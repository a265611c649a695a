package club.pente.core.contract;

import club.pente.core.rules.Color;

import java.time.Instant;

/** The pending offer of {@code kind} was declined by {@code color}'s player; nothing else changes. */
public record OfferDeclined(int schemaVersion, String eventId, String gameId, long version, Instant occurredAt, String commandId,
                            OfferKind kind, Color color, String playerId) implements GameEvent {
}

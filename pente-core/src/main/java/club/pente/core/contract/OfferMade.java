package club.pente.core.contract;

import club.pente.core.rules.Color;

import java.time.Instant;

/** {@code color}'s player offers a draw or asks for a takeback; pending until answered or a move is played. */
public record OfferMade(int schemaVersion, String eventId, String gameId, long version, Instant occurredAt, String commandId,
                        OfferKind kind, Color color, String playerId) implements GameEvent {
}

package club.pente.core.contract;

import java.time.Instant;

/** Staff removed the message {@code messageId} (a {@link ChatPosted}'s event id) from channel {@code channel}. */
public record ChatRemoved(int schemaVersion, String eventId, String gameId, long version, Instant occurredAt, String commandId,
                          String messageId, ChatChannel channel, String staffId) implements GameEvent {
}

package club.pente.core.contract;

import java.time.Instant;

/**
 * A chat message, stored with the game. {@code eventId} is the message's id. The gateway shows the text only to
 * the channel's audience (players or spectators); everyone else gets the event without its text.
 */
public record ChatPosted(int schemaVersion, String eventId, String gameId, long version, Instant occurredAt, String commandId,
                         ChatChannel channel, String authorId, String authorName, String text) implements GameEvent {
}

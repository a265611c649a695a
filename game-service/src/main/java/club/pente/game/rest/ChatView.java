package club.pente.game.rest;

import club.pente.core.contract.ChatChannel;
import club.pente.game.application.GameReads;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;
import java.util.List;

/**
 * A game's chat as one caller may read it: the {@code channels} they are the audience of, the messages in
 * version order. A removed message stays in the list (so versions line up with the events) without its text,
 * except for staff, who also see who removed it, when and why.
 */
public record ChatView(String gameId, List<ChatChannel> channels, List<Message> messages) {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Message(String id, ChatChannel channel, long version, String authorId, String authorName, String text,
                          Instant postedAt, boolean removed, Instant removedAt, String removedBy, String reason) {

        static Message of(GameReads.ChatMessage message, boolean staff) {
            boolean removed = message.removed();
            return new Message(message.id(), message.channel(), message.version(), message.authorId(), message.authorName(),
                    removed && !staff ? null : message.text(), message.postedAt(), removed,
                    staff ? message.removedAt() : null, staff ? message.removedBy() : null, staff ? message.removedReason() : null);
        }
    }
}

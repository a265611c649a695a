package club.pente.game.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/** A chat message of a game, written by the command pipeline (JDBC), read here; removed ones stay, marked. */
@Entity
@Table(name = "chat_messages")
@IdClass(ChatMessageEntity.Key.class)
public class ChatMessageEntity extends PanacheEntityBase {
    @Id
    @Column(name = "game_id")
    public String gameId;
    @Id
    @Column(name = "message_id")
    public String messageId;
    public long version;
    public String channel;
    @Column(name = "author_id")
    public String authorId;
    @Column(name = "author_name")
    public String authorName;
    public String text;
    @Column(name = "posted_at")
    public Instant postedAt;
    @Column(name = "removed_at")
    public Instant removedAt;
    @Column(name = "removed_by")
    public String removedBy;
    @Column(name = "removed_reason")
    public String removedReason;

    public static class Key implements Serializable {
        public String gameId;
        public String messageId;

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && Objects.equals(gameId, key.gameId) && Objects.equals(messageId, key.messageId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(gameId, messageId);
        }
    }
}

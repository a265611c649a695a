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

/** A command the authority has handled, identified within its game and by who sent it. */
@Entity
@Table(name = "processed_commands")
@IdClass(ProcessedCommandEntity.Key.class)
public class ProcessedCommandEntity extends PanacheEntityBase {
    @Id
    @Column(name = "game_id")
    public String gameId;
    /** The player or admin who sent it, or empty for the platform's own commands. */
    @Id
    @Column(name = "actor_id")
    public String actorId;
    @Id
    @Column(name = "command_id")
    public String commandId;
    /** APPLIED, REJECTED or IGNORED. */
    public String outcome;
    @Column(name = "processed_at")
    public Instant processedAt;

    public static class Key implements Serializable {
        public String gameId;
        public String actorId;
        public String commandId;

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && Objects.equals(gameId, key.gameId) && Objects.equals(actorId, key.actorId)
                    && Objects.equals(commandId, key.commandId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(gameId, actorId, commandId);
        }
    }
}

package club.pente.game.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

@Entity
@Table(name = "processed_commands")
public class ProcessedCommandEntity extends PanacheEntityBase {
    @Id
    @Column(name = "command_id")
    public String commandId;
    @Column(name = "game_id")
    public String gameId;
    /** APPLIED, REJECTED or IGNORED. */
    public String outcome;
    @Column(name = "processed_at")
    public Instant processedAt;
}

package club.pente.matchmaking.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

@Entity
@Table(name = "seeks")
public class SeekEntity extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "player_id")
    public String playerId;
    @Column(name = "player_name")
    public String playerName;
    public String mode;
    @Column(name = "time_control")
    public String timeControl;
    public int rating;
    public String status;
    @Column(name = "game_id")
    public String gameId;
    public String color;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "last_seen_at")
    public Instant lastSeenAt;
    @Column(name = "ended_at")
    public Instant endedAt;
}

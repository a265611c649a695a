package club.pente.game.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

@Entity
@Table(name = "moves")
public class MoveEntity extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(name = "game_id")
    public String gameId;
    public int ply;
    public String color;
    @Column(name = "player_id")
    public String playerId;
    public String point;
    /** Captured points in notation, space separated; empty when none. */
    public String captured;
    @Column(name = "command_id")
    public String commandId;
    @Column(name = "white_millis")
    public long whiteMillis;
    @Column(name = "black_millis")
    public long blackMillis;
    @Column(name = "played_at")
    public Instant playedAt;
}

package club.pente.matchmaking.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A game matchmaking created (its own record, not the game's state). */
@Entity
@Table(name = "games")
public class GameEntity extends PanacheEntityBase {
    @Id
    public String id;
    public String origin;
    @Column(name = "white_id")
    public String whiteId;
    @Column(name = "white_name")
    public String whiteName;
    @Column(name = "black_id")
    public String blackId;
    @Column(name = "black_name")
    public String blackName;
    public boolean ranked;
    @Column(name = "time_control")
    public String timeControl;
    @Column(name = "match_id")
    public String matchId;
    @Column(name = "game_number")
    public Integer gameNumber;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "ended_at")
    public Instant endedAt;
    public String result;
    @Column(name = "points_white")
    public Integer pointsWhite;
    @Column(name = "points_black")
    public Integer pointsBlack;
}

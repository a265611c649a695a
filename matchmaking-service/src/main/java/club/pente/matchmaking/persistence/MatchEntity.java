package club.pente.matchmaking.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

@Entity
@Table(name = "matches")
public class MatchEntity extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "invitation_code")
    public String invitationCode;
    @Column(name = "a_id")
    public String aId;
    @Column(name = "a_name")
    public String aName;
    @Column(name = "b_id")
    public String bId;
    @Column(name = "b_name")
    public String bName;
    @Column(name = "a_first_color")
    public String aFirstColor;
    public boolean ranked;
    @Column(name = "time_control")
    public String timeControl;
    @Column(name = "games_total")
    public int gamesTotal;
    @Column(name = "games_played")
    public int gamesPlayed;
    @Column(name = "points_a")
    public int pointsA;
    @Column(name = "points_b")
    public int pointsB;
    public String status;
    @Column(name = "current_game_id")
    public String currentGameId;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "finished_at")
    public Instant finishedAt;
}

package club.pente.game.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

@Entity
@Table(name = "games")
public class GameEntity extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "partition_no")
    public int partitionNo;
    @Column(name = "white_id")
    public String whiteId;
    @Column(name = "white_name")
    public String whiteName;
    @Column(name = "black_id")
    public String blackId;
    @Column(name = "black_name")
    public String blackName;
    public boolean ranked;
    @Column(name = "initial_seconds")
    public int initialSeconds;
    @Column(name = "increment_seconds")
    public int incrementSeconds;
    /** The variant's enum name (PENTE, KERYO, GOMOKU). */
    public String variant;
    /** Days per move of a turn-based game, else 0. */
    @Column(name = "days_per_move")
    public int daysPerMove;
    /** The tournament this game is a round of, or null. */
    @Column(name = "tournament_id")
    public String tournamentId;
    public String status;
    @Column(name = "end_reason")
    public String endReason;
    public int ply;
    public long version;
    @Column(name = "white_millis")
    public long whiteMillis;
    @Column(name = "black_millis")
    public long blackMillis;
    @Column(name = "turn_started_at")
    public Instant turnStartedAt;
    @Column(name = "deadline_at")
    public Instant deadlineAt;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "ended_at")
    public Instant endedAt;
    /** The pending offer's kind (DRAW, TAKEBACK) and its maker's colour, or both null. */
    @Column(name = "offer_kind")
    public String offerKind;
    @Column(name = "offer_color")
    public String offerColor;
    /** The staff's reason of a staff abort or forfeit (GameEnded.note), or null. */
    @Column(name = "end_note")
    public String endNote;
    /** A finished game staff annulled: when, by whom (username), why; all null otherwise. */
    @Column(name = "annulled_at")
    public Instant annulledAt;
    @Column(name = "annulled_by")
    public String annulledBy;
    @Column(name = "annulled_reason")
    public String annulledReason;
}

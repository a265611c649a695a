package club.pente.rating.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A finished game seen on the events stream; its id is the idempotency key of everything it changed. */
@Entity
@Table(name = "finished_games")
public class FinishedGameEntity extends PanacheEntityBase {
    @Id
    @Column(name = "game_id")
    public String gameId;
    @Column(name = "event_id")
    public String eventId;
    @Column(name = "white_id")
    public String whiteId;
    @Column(name = "black_id")
    public String blackId;
    public boolean ranked;
    public boolean rated;
    /** The rating category the game counts for ({@code GameEnded.ratingCategory()}), rated or not. */
    public String category;
    public String result;
    public String reason;
    @Column(name = "ended_at")
    public Instant endedAt;
    @Column(name = "processed_at")
    public Instant processedAt;
    /** When an admin annulled it; null while it counts. */
    @Column(name = "annulled_at")
    public Instant annulledAt;
}

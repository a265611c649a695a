package club.pente.rating.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/**
 * A record waiting for the relay, written with the change it describes: on channel {@link #RATINGS} a RatingChanged
 * keyed by player id, on {@link #AUDIT} an AuditEntry keyed by game id.
 */
@Entity
@Table(name = "outbox")
public class OutboxEntity extends PanacheEntityBase {
    public static final String RATINGS = "RATINGS";
    public static final String AUDIT = "AUDIT";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long seq;
    @Column(name = "event_id")
    public String eventId;
    public String channel;
    @Column(name = "record_key")
    public String recordKey;
    @Column(name = "game_id")
    public String gameId;
    public String payload;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "published_at")
    public Instant publishedAt;
}

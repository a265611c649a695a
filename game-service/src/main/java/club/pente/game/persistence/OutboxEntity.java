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
@Table(name = "outbox")
public class OutboxEntity extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long seq;
    @Column(name = "event_id")
    public String eventId;
    @Column(name = "game_id")
    public String gameId;
    public long version;
    public String type;
    public String payload;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "published_at")
    public Instant publishedAt;
}

package club.pente.rating.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** One line of a player's rating history: a rated game, or the annulment of one (see {@link #cause}). */
@Entity
@Table(name = "rating_changes")
public class RatingChangeEntity extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long seq;
    @Column(name = "player_id")
    public String playerId;
    @Column(name = "game_id")
    public String gameId;
    /** The rating category (the player's row) the line belongs to. */
    public String category;
    /** The player's rated games counted after this line. */
    @Column(name = "game_no")
    public int gameNo;
    /** The player's n-th history line: unique per player, so two changes that read the same standing cannot both commit. */
    @Column(name = "line_no")
    public int lineNo;
    /** GAME or ANNULMENT ({@code RatingChanged.Cause}). */
    public String cause;
    /** WHITE or BLACK. */
    public String colour;
    /** WIN, LOSS or DRAW. */
    public String outcome;
    @Column(name = "opponent_id")
    public String opponentId;
    @Column(name = "opponent_rating")
    public int opponentRating;
    public int k;
    @Column(name = "rating_before")
    public int ratingBefore;
    @Column(name = "rating_after")
    public int ratingAfter;
    public boolean provisional;
    @Column(name = "occurred_at")
    public Instant occurredAt;
}

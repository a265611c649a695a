package club.pente.rating.persistence;

import club.pente.core.rules.Color;
import club.pente.rating.domain.EloPolicy;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/**
 * A rated player's standing and record in one rating category ({@code RatingCategory.id()}); changed only under a
 * row lock (see {@link RatingStore}).
 */
@Entity
@Table(name = "players")
@IdClass(PlayerEntity.Key.class)
public class PlayerEntity extends PanacheEntityBase {
    /** The primary key: a player's row in one category. */
    public static class Key implements Serializable {
        public String playerId;
        public String category;

        public Key() {
        }

        public Key(String playerId, String category) {
            this.playerId = playerId;
            this.category = category;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && Objects.equals(playerId, key.playerId) && Objects.equals(category, key.category);
        }

        @Override
        public int hashCode() {
            return Objects.hash(playerId, category);
        }
    }

    @Id
    @Column(name = "player_id")
    public String playerId;
    /** The rating category's id: pente-live, keryo-turn, ... */
    @Id
    public String category;
    public String name;
    public int rating;
    public int games;
    public int wins;
    public int losses;
    public int draws;
    @Column(name = "white_games")
    public int whiteGames;
    @Column(name = "white_wins")
    public int whiteWins;
    @Column(name = "white_losses")
    public int whiteLosses;
    @Column(name = "white_draws")
    public int whiteDraws;
    @Column(name = "black_games")
    public int blackGames;
    @Column(name = "black_wins")
    public int blackWins;
    @Column(name = "black_losses")
    public int blackLosses;
    @Column(name = "black_draws")
    public int blackDraws;
    /** History lines so far (rated games and annulments): the next line's {@code line_no} is one more. */
    public int lines;
    @Column(name = "updated_at")
    public Instant updatedAt;

    public EloPolicy.Standing standing() {
        return new EloPolicy.Standing(rating, games);
    }

    public boolean provisional() {
        return EloPolicy.provisional(games);
    }

    /** Counts one more rated game played with {@code colour} and ending in {@code outcome}. */
    public void record(Color colour, EloPolicy.Outcome outcome, int newRating, Instant now) {
        count(colour, outcome, 1);
        rating = newRating;
        lines++;
        updatedAt = now;
    }

    /** Takes back one rated game played with {@code colour} and ending in {@code outcome} (its annulment). */
    public void takeBack(Color colour, EloPolicy.Outcome outcome, int newRating, Instant now) {
        count(colour, outcome, -1);
        rating = newRating;
        lines++;
        updatedAt = now;
    }

    private void count(Color colour, EloPolicy.Outcome outcome, int by) {
        games += by;
        if (colour == Color.WHITE) {
            whiteGames += by;
        } else {
            blackGames += by;
        }
        switch (outcome) {
            case WIN -> {
                wins += by;
                if (colour == Color.WHITE) whiteWins += by; else blackWins += by;
            }
            case LOSS -> {
                losses += by;
                if (colour == Color.WHITE) whiteLosses += by; else blackLosses += by;
            }
            case DRAW -> {
                draws += by;
                if (colour == Color.WHITE) whiteDraws += by; else blackDraws += by;
            }
        }
    }
}

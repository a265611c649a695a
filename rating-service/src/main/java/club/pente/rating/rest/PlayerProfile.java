package club.pente.rating.rest;

import club.pente.rating.application.RatingReads;

import java.time.Instant;
import java.util.List;

/** A rated player: standing, record overall and by colour, and the latest rating changes (newest first). */
public record PlayerProfile(String playerId, String name, int rating, boolean provisional, int games,
                            int wins, int losses, int draws, ColourRecord asWhite, ColourRecord asBlack,
                            List<HistoryEntry> history) {

    public record ColourRecord(int games, int wins, int losses, int draws) {
    }

    /**
     * One rating change: a rated game ({@code cause} GAME; {@code game} = the player's n-th) or the annulment of one
     * (ANNULMENT: that game's colour, outcome, opponent and K, the change taken back; {@code game} = rated games
     * counted after it). {@code annulled} is true on both lines of an annulled game.
     */
    public record HistoryEntry(int game, String gameId, String colour, String outcome, String opponentId,
                               int opponentRating, int k, int before, int after, int change, boolean provisional,
                               Instant occurredAt, String cause, boolean annulled) {
        static HistoryEntry of(RatingReads.RatingChange line) {
            return new HistoryEntry(line.gameNo(), line.gameId(), line.colour().name(), line.outcome().name(), line.opponentId(),
                    line.opponentRating(), line.k(), line.ratingBefore(), line.ratingAfter(), line.ratingAfter() - line.ratingBefore(),
                    line.provisional(), line.occurredAt(), line.cause().name(), line.annulled());
        }
    }

    static PlayerProfile of(RatingReads.Profile profile) {
        RatingReads.RatedPlayer p = profile.player();
        return new PlayerProfile(p.playerId(), p.name(), p.rating(), p.provisional(), p.overall().games(), p.overall().wins(),
                p.overall().losses(), p.overall().draws(), colour(p.asWhite()), colour(p.asBlack()),
                profile.history().stream().map(HistoryEntry::of).toList());
    }

    private static ColourRecord colour(RatingReads.Record record) {
        return new ColourRecord(record.games(), record.wins(), record.losses(), record.draws());
    }
}

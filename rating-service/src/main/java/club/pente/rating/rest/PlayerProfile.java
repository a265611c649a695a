package club.pente.rating.rest;

import club.pente.rating.application.RatingReads;

import java.time.Instant;
import java.util.List;

/**
 * A rated player: the pente-live standing and record overall and by colour (the fields from before categories; the
 * initial rating, provisional, when the player has rated games in other categories only), the standing in each rating
 * category they have played ({@code categories}, pente-live always and first), and the latest rating changes of
 * every category (newest first, each naming its category).
 */
public record PlayerProfile(String playerId, String name, int rating, boolean provisional, int games,
                            int wins, int losses, int draws, ColourRecord asWhite, ColourRecord asBlack,
                            List<HistoryEntry> history, List<CategoryStanding> categories) {

    public record ColourRecord(int games, int wins, int losses, int draws) {
    }

    /** The standing in one rating category ({@code RatingCategory.id()}: pente-live, keryo-turn, ...). */
    public record CategoryStanding(String category, int rating, boolean provisional, int games, int wins, int losses, int draws) {
        static CategoryStanding of(RatingReads.RatedPlayer p) {
            return new CategoryStanding(p.category(), p.rating(), p.provisional(), p.overall().games(), p.overall().wins(),
                    p.overall().losses(), p.overall().draws());
        }
    }

    /**
     * One rating change: a rated game ({@code cause} GAME; {@code game} = the player's n-th) or the annulment of one
     * (ANNULMENT: that game's colour, outcome, opponent and K, the change taken back; {@code game} = rated games
     * counted after it). {@code annulled} is true on both lines of an annulled game.
     */
    public record HistoryEntry(int game, String gameId, String colour, String outcome, String opponentId,
                               int opponentRating, int k, int before, int after, int change, boolean provisional,
                               Instant occurredAt, String cause, boolean annulled, String category) {
        static HistoryEntry of(RatingReads.RatingChange line) {
            return new HistoryEntry(line.gameNo(), line.gameId(), line.colour().name(), line.outcome().name(), line.opponentId(),
                    line.opponentRating(), line.k(), line.ratingBefore(), line.ratingAfter(), line.ratingAfter() - line.ratingBefore(),
                    line.provisional(), line.occurredAt(), line.cause().name(), line.annulled(), line.category());
        }
    }

    static PlayerProfile of(RatingReads.Profile profile) {
        RatingReads.RatedPlayer p = profile.player();
        return new PlayerProfile(p.playerId(), p.name(), p.rating(), p.provisional(), p.overall().games(), p.overall().wins(),
                p.overall().losses(), p.overall().draws(), colour(p.asWhite()), colour(p.asBlack()),
                profile.history().stream().map(HistoryEntry::of).toList(),
                profile.categories().stream().map(CategoryStanding::of).toList());
    }

    private static ColourRecord colour(RatingReads.Record record) {
        return new ColourRecord(record.games(), record.wins(), record.losses(), record.draws());
    }
}

package club.pente.rating.rest;

import club.pente.rating.persistence.PlayerEntity;
import club.pente.rating.persistence.RatingChangeEntity;

import java.time.Instant;
import java.util.List;

/** A rated player: standing, record overall and by colour, and the latest rating changes (newest first). */
public record PlayerProfile(String playerId, String name, int rating, boolean provisional, int games,
                            int wins, int losses, int draws, ColourRecord asWhite, ColourRecord asBlack,
                            List<HistoryEntry> history) {

    public record ColourRecord(int games, int wins, int losses, int draws) {
    }

    /** One rated game: the player's {@code game}-th, its result for them and the rating before and after. */
    public record HistoryEntry(int game, String gameId, String colour, String outcome, String opponentId,
                               int opponentRating, int k, int before, int after, int change, boolean provisional,
                               Instant occurredAt) {
        static HistoryEntry of(RatingChangeEntity row) {
            return new HistoryEntry(row.gameNo, row.gameId, row.colour, row.outcome, row.opponentId, row.opponentRating, row.k,
                    row.ratingBefore, row.ratingAfter, row.ratingAfter - row.ratingBefore, row.provisional, row.occurredAt);
        }
    }

    static PlayerProfile of(PlayerEntity p, List<RatingChangeEntity> history) {
        return new PlayerProfile(p.playerId, p.name, p.rating, p.provisional(), p.games, p.wins, p.losses, p.draws,
                new ColourRecord(p.whiteGames, p.whiteWins, p.whiteLosses, p.whiteDraws),
                new ColourRecord(p.blackGames, p.blackWins, p.blackLosses, p.blackDraws),
                history.stream().map(HistoryEntry::of).toList());
    }
}

package club.pente.game.rest;

import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Color;
import club.pente.core.rules.Variant;
import club.pente.game.application.GameReads;

import java.time.Instant;
import java.util.List;

/**
 * {@code GET /api/games/mine}: the caller's ongoing games, those where it is their turn first (earliest deadline
 * first), then the others; and their vacation days of this UTC year.
 */
public record MyGamesView(List<Game> games, Vacation vacation) {

    /** {@code deadline}: when the side to move loses if it does not move (null untimed); {@code lastMoveAt} null before the first move. */
    public record Game(String gameId, PlayerRef white, PlayerRef black, Variant variant, TimeControl timeControl, boolean ranked,
                       String tournamentId, int ply, Color toMove, boolean yourTurn, Instant deadline, Instant lastMoveAt) {

        static Game of(GameReads.GameListing game, String playerId) {
            boolean yourTurn = game.toMove() != null
                    && (game.toMove() == Color.WHITE ? game.white() : game.black()).id().equals(playerId);
            return new Game(game.id(), game.white(), game.black(), game.variant(), game.timeControl(), game.ranked(), game.tournamentId(),
                    game.ply(), game.toMove(), yourTurn, game.deadline(), game.lastMoveAt());
        }
    }

    /** Vacation days of the UTC calendar {@code year}: the yearly allowance and what was drawn of it. */
    public record Vacation(int year, int allowanceDays, int usedDays) {
    }
}

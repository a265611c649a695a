package club.pente.matchmaking.application;

import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Color;
import club.pente.matchmaking.domain.GameOrigin;

/** A game matchmaking created (its own record, not the game's state). {@code matchId}/{@code gameNumber} are set for the games of a match. */
public record StoredGame(String id, GameOrigin origin, PlayerRef white, PlayerRef black, boolean ranked, String timeControl,
                         String matchId, Integer gameNumber, boolean ended) {
    public boolean plays(String playerId) {
        return white.id().equals(playerId) || black.id().equals(playerId);
    }

    public PlayerRef opponentOf(String playerId) {
        return white.id().equals(playerId) ? black : white;
    }

    public Color colourOf(String playerId) {
        return white.id().equals(playerId) ? Color.WHITE : Color.BLACK;
    }
}

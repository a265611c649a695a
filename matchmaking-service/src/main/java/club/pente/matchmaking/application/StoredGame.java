package club.pente.matchmaking.application;

import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Color;
import club.pente.core.rules.Variant;
import club.pente.matchmaking.domain.GameOrigin;
import club.pente.matchmaking.domain.GameStatus;

/**
 * A game matchmaking created (its own record, not the game's state). {@code matchId}/{@code gameNumber} are
 * set for the games of a match; {@code started} once GameStarted was seen; {@code failureReason} and
 * {@code failureMessage} when the game service refused the CreateGame. Games from before variants are Pente.
 */
public record StoredGame(String id, GameOrigin origin, PlayerRef white, PlayerRef black, boolean ranked, String timeControl,
                         String matchId, Integer gameNumber, boolean ended, boolean started, String failureReason,
                         String failureMessage, Variant variant) {
    public StoredGame {
        variant = Variant.orDefault(variant);
    }

    public StoredGame(String id, GameOrigin origin, PlayerRef white, PlayerRef black, boolean ranked, String timeControl,
                      String matchId, Integer gameNumber, boolean ended, boolean started, String failureReason,
                      String failureMessage) {
        this(id, origin, white, black, ranked, timeControl, matchId, gameNumber, ended, started, failureReason, failureMessage,
                Variant.PENTE);
    }

    /** A game just asked for: nothing heard from the game service yet. */
    public StoredGame(String id, GameOrigin origin, PlayerRef white, PlayerRef black, boolean ranked, String timeControl,
                      String matchId, Integer gameNumber, Variant variant) {
        this(id, origin, white, black, ranked, timeControl, matchId, gameNumber, false, false, null, null, variant);
    }

    /** A Pente game just asked for. */
    public StoredGame(String id, GameOrigin origin, PlayerRef white, PlayerRef black, boolean ranked, String timeControl,
                      String matchId, Integer gameNumber) {
        this(id, origin, white, black, ranked, timeControl, matchId, gameNumber, Variant.PENTE);
    }

    public boolean plays(String playerId) {
        return white.id().equals(playerId) || black.id().equals(playerId);
    }

    public PlayerRef opponentOf(String playerId) {
        return white.id().equals(playerId) ? black : white;
    }

    public Color colourOf(String playerId) {
        return white.id().equals(playerId) ? Color.WHITE : Color.BLACK;
    }

    public GameStatus status() {
        if (failureReason != null) {
            return GameStatus.FAILED;
        }
        if (ended) {
            return GameStatus.ENDED;
        }
        return started ? GameStatus.READY : GameStatus.PENDING;
    }
}

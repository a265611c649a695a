package club.pente.game.application;

import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.game.domain.LiveGame;
import io.smallrye.mutiny.Uni;

import java.time.Instant;
import java.util.List;

/**
 * The read side of the games for the REST API, non-blocking. Each call reads in a session of its own that
 * is closed when its answer arrives, so a caller may go on to wait for Kafka on another thread.
 */
public interface GameReads {
    /** A stored game: the authority's state rebuilt from its row and move log, and the log itself. */
    record StoredGame(LiveGame state, List<StoredMove> moves) {
    }

    /** One move of the log; {@code captured} in notation. */
    record StoredMove(int ply, Color color, String playerId, String point, List<String> captured, Instant playedAt) {
    }

    /** What a list of games shows of each, without its moves. */
    record GameListing(String id, PlayerRef white, PlayerRef black, boolean ranked, TimeControl timeControl, Status status,
                       EndReason reason, int ply, long version, Instant createdAt, Instant endedAt) {
    }

    /** What a player's command id did before: the move it placed, or whether it was handled at all. */
    record EarlierCommand(StoredMove appliedAs, boolean handled) {
    }

    /** The game, or null. */
    Uni<StoredGame> find(String gameId);

    /** Games still being played, newest first. */
    Uni<List<GameListing>> live(int limit);

    /** Finished games, the latest to end first. */
    Uni<List<GameListing>> finished(int limit);

    /**
     * What the command {@code commandId} of {@code actorId} did in the game: the move it placed (of that
     * player only, so another player's ids reveal nothing), else whether the authority handled it.
     */
    Uni<EarlierCommand> earlier(String gameId, String actorId, String commandId);
}

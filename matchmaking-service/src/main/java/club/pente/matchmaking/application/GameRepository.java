package club.pente.matchmaking.application;

import club.pente.core.contract.PerSide;
import club.pente.matchmaking.domain.ColourRecord;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** Matchmaking's own record of the games it asked for, the players' colour histories and the game events it handled. */
public interface GameRepository {
    /** {@code createCommandId} is the CreateGame's command id: a rejection carrying it is the game service's refusal. */
    void insert(StoredGame game, String createCommandId, Instant now);

    /** GameStarted seen; false when it already was (a redelivery) or the game is not matchmaking's. */
    boolean markStarted(String gameId, Instant at);

    /**
     * The game service refused this game's CreateGame (a rejection with that command id, before any
     * GameStarted): records why; false when the command is not this game's CreateGame or the game started,
     * ended or failed already.
     */
    boolean markRefused(String gameId, String commandId, String reason, String message, Instant at);

    /** The game locked for this transaction, or null when matchmaking did not create it. */
    StoredGame lock(String gameId);

    /** The game, or null when matchmaking did not create it. */
    StoredGame find(String gameId);

    /** {@code result} is the game service's spelling of the result ({@code Status}), null when it named none. */
    void markEnded(String gameId, String result, PerSide points, Instant at);

    /** The games of a match so far, by number, with the results of those that ended. */
    List<MatchGame> ofMatch(String matchId);

    /** The player's live (not turn-based) games against the computer that have not ended. */
    long liveComputerGamesOf(String playerId);

    /** The player's turn-based games against the computer that have not ended. */
    long turnBasedComputerGamesOf(String playerId);

    /** The colour records of those players who have one. */
    Map<String, ColourRecord> colours(Collection<String> playerIds);

    /** One more white for one, one more black for the other. */
    void countColours(String whiteId, String blackId);

    /** Records an event as handled; false when it already was (a redelivery). */
    boolean markProcessed(String eventId, Instant now);
}

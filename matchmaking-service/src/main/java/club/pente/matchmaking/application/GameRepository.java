package club.pente.matchmaking.application;

import club.pente.core.contract.PerSide;
import club.pente.matchmaking.domain.ColourRecord;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** Matchmaking's own record of the games it asked for, the players' colour histories and the game events it handled. */
public interface GameRepository {
    void insert(StoredGame game, Instant now);

    /** The game locked for this transaction, or null when matchmaking did not create it. */
    StoredGame lock(String gameId);

    /** The game, or null when matchmaking did not create it. */
    StoredGame find(String gameId);

    /** {@code result} is the game service's spelling of the result ({@code Status}), null when it named none. */
    void markEnded(String gameId, String result, PerSide points, Instant at);

    /** The games of a match so far, by number, with the results of those that ended. */
    List<MatchGame> ofMatch(String matchId);

    /** The player's games against the computer that have not ended. */
    long liveComputerGamesOf(String playerId);

    /** The colour records of those players who have one. */
    Map<String, ColourRecord> colours(Collection<String> playerIds);

    /** One more white for one, one more black for the other. */
    void countColours(String whiteId, String blackId);

    /** Records an event as handled; false when it already was (a redelivery). */
    boolean markProcessed(String eventId, Instant now);
}

package club.pente.matchmaking.application;

import club.pente.core.rules.Color;
import club.pente.matchmaking.domain.Seek;

import java.time.Instant;
import java.util.List;

/** Seeks, for the transactions that open, pair, expire, refresh and cancel them. */
public interface SeekRepository {
    /** A new waiting seek. */
    void insert(Seek seek, String playerName);

    /** The id of the player's waiting live seek (one at most), or null. */
    String waitingOf(String playerId);

    /** How many turn-based seeks the player has waiting (they may hold many). */
    long turnBasedWaitingOf(String playerId);

    /**
     * Locks the waiting seeks no other transaction holds, oldest first. Rows another instance is pairing
     * right now are skipped (not waited for): they are that instance's to pair, or they come back next round.
     */
    List<WaitingSeek> lockWaiting(int limit);

    /** Marks a locked waiting seek matched; false when it was no longer waiting. */
    boolean markMatched(String seekId, String gameId, Color color, Instant now);

    /**
     * Ends the waiting live seeks nobody refreshed since {@code cutoff} and the turn-based ones nobody refreshed
     * since {@code turnBasedCutoff}; returns how many.
     */
    int expire(Instant cutoff, Instant turnBasedCutoff, Instant now);

    /** Keeps the player's seek alive if it is still waiting; anything else is left as it is. */
    void touch(String seekId, String playerId, Instant now);

    /**
     * Cancels the player's seek if it is still waiting; returns how many were. A conditional update: when a
     * pairing transaction holds the row, this waits for it and then finds it matched.
     */
    int cancel(String seekId, String playerId, Instant now);

    /** The waiting seeks, oldest first, without locking them (the open-seeks list). */
    List<WaitingSeek> waiting(int limit);

    /**
     * The seek locked for this transaction if it is still waiting, else null. Waits for a pairing round that
     * holds it and then finds it matched: whoever locks it first pairs it, once.
     */
    WaitingSeek lockIfWaiting(String seekId);

    /** The seek, whatever its status, or null. */
    StoredSeek find(String seekId);
}

package club.pente.matchmaking.application;

import java.time.Instant;

/** Rematch offers for finished games, and the new game once the opponent agreed. */
public interface RematchRepository {
    record Offer(String previousGameId, String requestedBy, String newGameId) {
    }

    /** The offer for a game, locked; null when nobody asked yet. */
    Offer lock(String previousGameId);

    void insert(String previousGameId, String requestedBy, String newGameId, Instant now);

    void setNewGame(String previousGameId, String newGameId);
}

package club.pente.matchmaking.domain;

/**
 * Where a game matchmaking asked for stands, as far as matchmaking learnt from the game events: PENDING
 * (its CreateGame is in the outbox or on the command stream; the game service has not answered, e.g. it is
 * restarting), READY (GameStarted seen), ENDED (GameEnded seen), FAILED (the game service refused it).
 */
public enum GameStatus {
    PENDING, READY, ENDED, FAILED;

    /** The game can be loaded from the game service. */
    public boolean ready() {
        return this == READY || this == ENDED;
    }
}

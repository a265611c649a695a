package club.pente.game.persistence;

/** Another writer changed the game since it was loaded: reload and decide again. */
public class StaleGameException extends RuntimeException {
    public StaleGameException(String gameId, long expectedVersion) {
        super("game " + gameId + " is no longer at version " + expectedVersion);
    }
}

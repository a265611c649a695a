package club.pente.matchmaking.application;

/** A write ran into a unique key (two requests of one player at once, a code drawn twice); the transaction was rolled back. */
public class DuplicateKeyException extends RuntimeException {
    public DuplicateKeyException(String message, Throwable cause) {
        super(message, cause);
    }
}

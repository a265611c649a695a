package club.pente.rating.messaging;

/** A record on the game events topic that is not an event we can read; it goes to the dead-letter topic. */
public class UnreadableEventException extends RuntimeException {
    public UnreadableEventException(String message, Throwable cause) {
        super(message, cause);
    }
}

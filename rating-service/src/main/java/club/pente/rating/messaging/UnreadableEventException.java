package club.pente.rating.messaging;

import club.pente.messaging.BadRecord;

/** A record on the game events topic that is not an event we can read; it goes to the dead-letter topic. */
public class UnreadableEventException extends RuntimeException implements BadRecord {
    public UnreadableEventException(String message, Throwable cause) {
        super(message, cause);
    }
}

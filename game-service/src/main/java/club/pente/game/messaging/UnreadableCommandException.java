package club.pente.game.messaging;

import club.pente.messaging.BadRecord;

/** A record on the command topic that is not a command we can read; it goes to the dead-letter topic. */
public class UnreadableCommandException extends RuntimeException implements BadRecord {
    public UnreadableCommandException(String message, Throwable cause) {
        super(message, cause);
    }
}

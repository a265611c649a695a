package club.pente.rating.application;

import club.pente.core.contract.GameEnded;
import club.pente.messaging.BadRecord;

/** The rating logic itself failed on an event: retrying cannot help, so it goes to the dead-letter topic. */
public class PoisonEventException extends RuntimeException implements BadRecord {
    public PoisonEventException(GameEnded ended, Throwable cause) {
        super("cannot rate game " + ended.gameId() + " (event " + ended.eventId() + "): " + cause, cause);
    }
}

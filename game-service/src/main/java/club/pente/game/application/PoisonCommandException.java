package club.pente.game.application;

import club.pente.core.contract.GameCommand;
import club.pente.messaging.BadRecord;

/** The authority itself failed on a command: retrying cannot help, so it goes to the dead-letter topic. */
public class PoisonCommandException extends RuntimeException implements BadRecord {
    public PoisonCommandException(GameCommand command, Throwable cause) {
        super("the authority failed on command " + command.commandId() + " for game " + command.gameId() + ": " + cause, cause);
    }
}

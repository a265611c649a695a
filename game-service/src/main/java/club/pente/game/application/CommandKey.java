package club.pente.game.application;

import club.pente.core.contract.GameCommand;
import club.pente.game.domain.GameAuthority;

/**
 * What makes a command the same command: its id counts only within its game and for whoever sent it, so
 * one player reusing another's id neither reads that outcome nor has their own command ignored.
 * {@code actorId} is the player or admin, or empty for the platform's own commands.
 */
public record CommandKey(String gameId, String actorId, String commandId) {

    public static CommandKey of(GameCommand command) {
        return new CommandKey(command.gameId(), actorOf(command), command.commandId());
    }

    public static String actorOf(GameCommand command) {
        return GameAuthority.actorOf(command);
    }
}

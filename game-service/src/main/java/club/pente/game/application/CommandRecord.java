package club.pente.game.application;

import club.pente.core.contract.GameCommand;

/** A command as read from its partition: where it was ({@code partition}, {@code offset}) and what it says. */
public record CommandRecord(int partition, long offset, GameCommand command) {

    public CommandKey key() {
        return CommandKey.of(command);
    }
}

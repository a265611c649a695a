package club.pente.core.contract;

import java.time.Instant;
import java.util.Objects;

public record CreateGame(
        int schemaVersion,
        String commandId,
        String gameId,
        PlayerRef white,
        PlayerRef black,
        boolean ranked,
        TimeControl timeControl,
        Instant issuedAt) implements GameCommand {

    public CreateGame {
        Ids.requireId(commandId, "commandId");
        Ids.requireId(gameId, "gameId");
        Objects.requireNonNull(white, "white is required");
        Objects.requireNonNull(black, "black is required");
        if (white.id().equals(black.id())) {
            throw new IllegalArgumentException("a player cannot play against themselves");
        }
        if (timeControl == null) {
            timeControl = TimeControl.UNTIMED;
        }
    }

    public static CreateGame of(String gameId, PlayerRef white, PlayerRef black, boolean ranked, TimeControl timeControl) {
        return new CreateGame(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, white, black, ranked, timeControl, Contracts.now());
    }
}

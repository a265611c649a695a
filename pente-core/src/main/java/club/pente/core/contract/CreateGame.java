package club.pente.core.contract;

import club.pente.core.rules.Variant;

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
        Instant issuedAt,
        Variant variant,
        String tournamentId) implements GameCommand {

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
        variant = Variant.orDefault(variant);
        if (tournamentId != null) {
            Ids.requireId(tournamentId, "tournamentId");
        }
    }

    /** A Pente game outside any tournament (the form before variants). */
    public CreateGame(int schemaVersion, String commandId, String gameId, PlayerRef white, PlayerRef black, boolean ranked,
                      TimeControl timeControl, Instant issuedAt) {
        this(schemaVersion, commandId, gameId, white, black, ranked, timeControl, issuedAt, Variant.DEFAULT, null);
    }

    public static CreateGame of(String gameId, PlayerRef white, PlayerRef black, boolean ranked, TimeControl timeControl) {
        return new CreateGame(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, white, black, ranked, timeControl, Contracts.now());
    }

    public static CreateGame of(String gameId, PlayerRef white, PlayerRef black, boolean ranked, TimeControl timeControl,
                                Variant variant, String tournamentId) {
        return new CreateGame(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, white, black, ranked, timeControl,
                Contracts.now(), variant, tournamentId);
    }
}

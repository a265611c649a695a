package club.pente.matchmaking.application;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Variant;
import club.pente.matchmaking.domain.GameOrigin;
import club.pente.matchmaking.domain.TimeControlPresets;

import java.time.Instant;

/**
 * The one way matchmaking creates a game: inside the caller's transaction it records the game, counts
 * the colours, and puts a {@link CreateGame} (key = game id) into the outbox. It never writes game state;
 * the game service creates the game from the command, whenever it reads it (a game service that is down
 * creates it once it is back); {@link GameStarts} records its answer under the command's id.
 */
public final class GameCreation {
    private GameCreation() {
    }

    /** A Pente game (the form before variants). */
    public static String create(Transaction tx, PlayerRef white, PlayerRef black, boolean ranked, String timeControl,
                                GameOrigin origin, String matchId, Integer gameNumber, Instant now) {
        return create(tx, white, black, ranked, timeControl, Variant.PENTE, origin, matchId, gameNumber, now);
    }

    /** A game of that variant outside any tournament; {@code timeControl} is a preset's name (live or turn-based). */
    public static String create(Transaction tx, PlayerRef white, PlayerRef black, boolean ranked, String timeControl,
                                Variant variant, GameOrigin origin, String matchId, Integer gameNumber, Instant now) {
        if (ranked && (white.kind() != PlayerRef.Kind.ACCOUNT || black.kind() != PlayerRef.Kind.ACCOUNT)) {
            throw new IllegalStateException("ranked games are only between accounts: " + white.id() + " vs " + black.id());
        }
        String gameId = Contracts.newId();
        CreateGame command = new CreateGame(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, white, black, ranked,
                TimeControlPresets.of(timeControl), now, variant, null);
        tx.games().insert(new StoredGame(gameId, origin, white, black, ranked, timeControl, matchId, gameNumber, command.variant()),
                command.commandId(), now);
        tx.games().countColours(white.id(), black.id());
        tx.outbox().command(command, now);
        return gameId;
    }
}

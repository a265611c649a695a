package club.pente.matchmaking.application;

import club.pente.kit.rest.ApiException;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameReady;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RematchOffered;
import club.pente.core.rules.Color;
import club.pente.matchmaking.domain.GameOrigin;
import club.pente.matchmaking.domain.TimeControlPresets;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/**
 * Rematch after a finished game: the first player to ask makes an offer (the opponent is notified); when
 * the opponent asks too, the new game is created with colours swapped. The computer always agrees.
 * The previous game's row is locked, so two players asking at once still make one game.
 */
@ApplicationScoped
public class Rematches {
    public enum State { OFFERED, CREATED }

    public record Outcome(State state, String previousGameId, String gameId, Color color, PlayerRef opponent) {
    }

    private final Transactions transactions;
    private final AfterCommit afterCommit;

    public Rematches(Transactions transactions, AfterCommit afterCommit) {
        this.transactions = transactions;
        this.afterCommit = afterCommit;
    }

    public Outcome request(Player player, String previousGameId) {
        Outcome outcome = transactions.run(tx -> {
            SanctionService.requireNotSuspended(tx, player);
            Instant now = Contracts.now();
            StoredGame previous = tx.games().lock(previousGameId);
            if (previous == null) {
                throw ApiException.notFound("UNKNOWN_GAME", "matchmaking created no game " + previousGameId);
            }
            if (!previous.plays(player.id())) {
                throw ApiException.forbidden("NOT_A_PLAYER", "you did not play in game " + previousGameId);
            }
            if (!previous.ended()) {
                throw ApiException.conflict("GAME_NOT_OVER", "game " + previousGameId + " has not ended yet");
            }
            PlayerRef opponent = previous.opponentOf(player.id());
            RematchRepository.Offer offer = tx.rematches().lock(previousGameId);
            if (offer != null && offer.newGameId() != null) {
                StoredGame game = tx.games().lock(offer.newGameId());
                return new Outcome(State.CREATED, previousGameId, game.id(), game.colourOf(player.id()), opponent);
            }
            boolean computer = opponent.kind() == PlayerRef.Kind.COMPUTER;
            if (offer == null && !computer) {
                tx.rematches().insert(previousGameId, player.id(), null, now);
                tx.outbox().notify(new RematchOffered(Contracts.SCHEMA_VERSION, Contracts.newId(), opponent.id(),
                        previousGameId, new PlayerRef(player.id(), player.name()), now), now);
                return new Outcome(State.OFFERED, previousGameId, null, null, opponent);
            }
            if (offer != null && offer.requestedBy().equals(player.id())) {
                return new Outcome(State.OFFERED, previousGameId, null, null, opponent);
            }
            String gameId = createRematch(tx, previous, now);
            if (offer == null) {
                tx.rematches().insert(previousGameId, player.id(), gameId, now);
            } else {
                tx.rematches().setNewGame(previousGameId, gameId);
            }
            return new Outcome(State.CREATED, previousGameId, gameId, previous.colourOf(player.id()).opponent(), opponent);
        });
        afterCommit.outboxWritten();
        return outcome;
    }

    private static String createRematch(Transaction tx, StoredGame previous, Instant now) {
        PlayerRef white = previous.black();
        PlayerRef black = previous.white();
        // Same variant and time control as the game just played.
        String gameId = GameCreation.create(tx, white, black, previous.ranked(), previous.timeControl(), previous.variant(),
                GameOrigin.REMATCH, null, null, now);
        var timeControl = TimeControlPresets.of(previous.timeControl());
        for (PlayerRef player : new PlayerRef[]{white, black}) {
            if (player.kind() != PlayerRef.Kind.COMPUTER) {
                tx.outbox().notify(new GameReady(Contracts.SCHEMA_VERSION, Contracts.newId(), player.id(), gameId,
                        player == white ? Color.WHITE : Color.BLACK, player == white ? black : white, previous.ranked(),
                        timeControl, GameOrigin.REMATCH.name(), null, 0, now), now);
            }
        }
        return gameId;
    }
}

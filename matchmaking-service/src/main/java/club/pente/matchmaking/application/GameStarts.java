package club.pente.matchmaking.application;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameCreationFailed;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.Ids;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Instant;

/**
 * The game service's answer to a CreateGame: GameStarted (the game can be loaded: matchmaking's views say
 * {@code gameReady}) or a MoveRejected carrying the CreateGame's command id (the game will never exist).
 * A refused game is marked failed with the reason, the invitation that led to it becomes FAILED, its
 * match FAILED, and both players are told ({@link GameCreationFailed} on their lobby socket). Both
 * handlers are idempotent (conditional updates), so a redelivered event changes nothing.
 */
@ApplicationScoped
public class GameStarts {
    private static final Logger LOG = Logger.getLogger(GameStarts.class);
    private static final int MAX_MESSAGE = 300;

    private final Transactions transactions;
    private final AfterCommit afterCommit;

    public GameStarts(Transactions transactions, AfterCommit afterCommit) {
        this.transactions = transactions;
        this.afterCommit = afterCommit;
    }

    /** A game matchmaking asked for, with what the game service answered so far; 404 for any other id. */
    public StoredGame find(String gameId) {
        StoredGame game = Ids.isId(gameId) ? transactions.run(tx -> tx.games().find(gameId)) : null;
        if (game == null) {
            throw club.pente.kit.rest.ApiException.notFound("UNKNOWN_GAME", "matchmaking created no game " + gameId);
        }
        return game;
    }

    /** Returns true when the event changed something here. */
    public boolean started(GameStarted started) {
        Instant at = started.occurredAt() == null ? Contracts.now() : started.occurredAt();
        return transactions.run(tx -> tx.games().markStarted(started.gameId(), at));
    }

    /** Returns true when the rejection was the refusal of one of matchmaking's CreateGame commands. */
    public boolean rejected(MoveRejected rejected) {
        // A repeated CreateGame (the outbox publishes at least once) is answered GAME_EXISTS: the game is there.
        // A refused CreateGame has no game behind it (version 0); every other rejection (a stale move, an offer,
        // a chat message) is of a game that exists, and must not cost a locked row per record.
        if (rejected.version() != 0 || rejected.reason() == RejectionReason.GAME_EXISTS
                || !Ids.isId(rejected.commandId()) || !Ids.isId(rejected.gameId())) {
            return false;
        }
        String reason = rejected.reason() == null ? "UNKNOWN" : rejected.reason().name();
        String message = rejected.message() == null || !Ids.isText(rejected.message(), MAX_MESSAGE)
                ? "the game service refused the game" : rejected.message();
        boolean failed = transactions.run(tx -> {
            Instant now = Contracts.now();
            StoredGame game = tx.games().lock(rejected.gameId());
            if (game == null || !tx.games().markRefused(game.id(), rejected.commandId(), reason, message, now)) {
                return false;
            }
            String code = tx.invitations().failByGame(game.id());
            if (game.matchId() != null) {
                tx.matches().fail(game.matchId(), now);
            }
            for (PlayerRef player : new PlayerRef[]{game.white(), game.black()}) {
                if (player.kind() != PlayerRef.Kind.COMPUTER) {
                    tx.outbox().notify(new GameCreationFailed(Contracts.SCHEMA_VERSION, Contracts.newId(), player.id(), game.id(),
                            game.origin().name(), code, game.matchId(), rejected.reason(), message, now), now);
                }
            }
            return true;
        });
        if (failed) {
            LOG.warnf("the game service refused game %s (%s: %s)", rejected.gameId(), reason, message);
            afterCommit.outboxWritten();
        }
        return failed;
    }
}

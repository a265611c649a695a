package club.pente.game.persistence;

import club.pente.core.contract.Abort;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.Resign;
import club.pente.core.contract.TimeControl;
import club.pente.core.notation.Notation;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Position;
import club.pente.core.rules.Status;
import club.pente.game.domain.AppliedMove;
import club.pente.game.domain.Decision;
import club.pente.game.domain.LiveGame;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;

/**
 * Loads and saves the authority's state. Every method runs inside the caller's reactive transaction
 * ({@code Panache.withTransaction}), so a decision's game row, move and outbox events commit together.
 */
@ApplicationScoped
public class GameStore {

    public Uni<Boolean> alreadyProcessed(GameCommand command) {
        return processed(command.gameId(), actorOf(command), command.commandId());
    }

    static Uni<Boolean> processed(String gameId, String actorId, String commandId) {
        return ProcessedCommandEntity.count("gameId = ?1 and actorId = ?2 and commandId = ?3", gameId, actorId, commandId)
                .map(count -> count > 0);
    }

    /** Who a command speaks for: command ids are unique only per game and actor. */
    public static String actorOf(GameCommand command) {
        if (command instanceof PlayMove move) {
            return move.playerId();
        }
        if (command instanceof Resign resign) {
            return resign.playerId();
        }
        return command instanceof Abort abort ? abort.adminId() : ""; // CreateGame, ClaimTimeout

    }

    /** The game rebuilt from its row and move log, or null when there is no such game. */
    public Uni<LiveGame> load(String gameId) {
        return GameEntity.<GameEntity>findById(gameId).flatMap(row -> {
            if (row == null) {
                return Uni.createFrom().nullItem();
            }
            return MoveEntity.<MoveEntity>list("gameId = ?1 order by ply", gameId).map(moves -> rebuild(row, moves));
        });
    }

    static LiveGame rebuild(GameEntity row, List<MoveEntity> moves) {
        Position position = new Position();
        for (MoveEntity move : moves) {
            position.play(Notation.parse(move.point));
        }
        LiveGame game = new LiveGame(row.id, new PlayerRef(row.whiteId, row.whiteName), new PlayerRef(row.blackId, row.blackName),
                row.ranked, new TimeControl(row.initialSeconds, row.incrementSeconds), row.createdAt, position, row.version,
                row.whiteMillis, row.blackMillis, row.turnStartedAt);
        if (!row.status.equals(Status.ONGOING.name())) {
            game.restoreResult(Status.valueOf(row.status), row.endReason == null ? null : EndReason.valueOf(row.endReason), row.endedAt);
        }
        return game;
    }

    /**
     * Writes a decision: the command as processed, then (when the game changed) the game row guarded by
     * the version it had before, the move, and every event into the outbox. Fails with
     * {@link StaleGameException} when another writer got there first.
     */
    public Uni<Void> save(GameCommand command, Decision decision, long versionBefore, int partition, Instant now) {
        ProcessedCommandEntity processed = new ProcessedCommandEntity();
        processed.commandId = command.commandId();
        processed.gameId = command.gameId();
        processed.actorId = actorOf(command);
        processed.outcome = decision.changesState() ? "APPLIED" : decision.rejection() != null ? "REJECTED" : "IGNORED";
        processed.processedAt = now;

        Uni<Void> game = decision.changesState() ? writeGame(decision, versionBefore, partition) : Uni.createFrom().voidItem();
        return processed.persist()
                .chain(() -> game)
                .chain(() -> decision.move() == null ? Uni.createFrom().voidItem() : insertMove(decision.move()))
                .chain(() -> insertOutbox(decision.events(), now));
    }

    private Uni<Void> writeGame(Decision decision, long versionBefore, int partition) {
        LiveGame game = decision.game();
        if (decision.created()) {
            GameEntity row = new GameEntity();
            row.id = game.id();
            row.partitionNo = partition;
            row.whiteId = game.white().id();
            row.whiteName = game.white().name();
            row.blackId = game.black().id();
            row.blackName = game.black().name();
            row.ranked = game.ranked();
            row.initialSeconds = game.timeControl().initialSeconds();
            row.incrementSeconds = game.timeControl().incrementSeconds();
            row.createdAt = game.createdAt();
            copyState(game, row);
            return row.persist().replaceWithVoid();
        }
        return GameEntity.update("status = ?1, endReason = ?2, ply = ?3, version = ?4, whiteMillis = ?5, blackMillis = ?6, "
                                + "turnStartedAt = ?7, deadlineAt = ?8, endedAt = ?9 where id = ?10 and version = ?11",
                        game.result().name(), game.reason() == null ? null : game.reason().name(), game.position().ply(),
                        game.version(), game.whiteMillis(), game.blackMillis(), game.turnStartedAt(), game.deadline(),
                        game.endedAt(), game.id(), versionBefore)
                .flatMap(updated -> updated == 1 ? Uni.createFrom().voidItem()
                        : Uni.createFrom().failure(new StaleGameException(game.id(), versionBefore)));
    }

    private static void copyState(LiveGame game, GameEntity row) {
        row.status = game.result().name();
        row.endReason = game.reason() == null ? null : game.reason().name();
        row.ply = game.position().ply();
        row.version = game.version();
        row.whiteMillis = game.whiteMillis();
        row.blackMillis = game.blackMillis();
        row.turnStartedAt = game.turnStartedAt();
        row.deadlineAt = game.deadline();
        row.endedAt = game.endedAt();
    }

    private Uni<Void> insertMove(AppliedMove move) {
        MoveEntity row = new MoveEntity();
        row.gameId = move.gameId();
        row.ply = move.ply();
        row.color = move.color().name();
        row.playerId = move.playerId();
        row.point = move.point();
        row.captured = String.join(" ", move.captured());
        row.commandId = move.commandId();
        row.whiteMillis = move.whiteMillis();
        row.blackMillis = move.blackMillis();
        row.playedAt = move.playedAt();
        return row.persist().replaceWithVoid();
    }

    private Uni<Void> insertOutbox(List<GameEvent> events, Instant now) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (GameEvent event : events) {
            OutboxEntity row = new OutboxEntity();
            row.eventId = event.eventId();
            row.gameId = event.gameId();
            row.version = event.version();
            row.type = event.getClass().getSimpleName();
            row.payload = json(event);
            row.createdAt = now;
            chain = chain.chain(() -> row.persist().replaceWithVoid());
        }
        return chain;
    }

    private static String json(GameEvent event) {
        try {
            return Contracts.json().writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write event " + event, e);
        }
    }
}

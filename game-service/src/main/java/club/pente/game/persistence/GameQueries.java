package club.pente.game.persistence;

import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.notation.Notation;
import club.pente.core.record.GameRecord;
import club.pente.core.rules.Position;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.game.domain.LiveGame;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.ZoneOffset;
import java.util.List;

/** Read side of the game tables for the REST API; runs in the caller's reactive session. */
@ApplicationScoped
public class GameQueries {

    /** A stored game with its move log, or null. */
    public record StoredGame(GameEntity row, List<MoveEntity> moves, LiveGame state) {
    }

    public Uni<StoredGame> find(String gameId) {
        return GameEntity.<GameEntity>findById(gameId).flatMap(row -> {
            if (row == null) {
                return Uni.createFrom().nullItem();
            }
            return MoveEntity.<MoveEntity>list("gameId = ?1 order by ply", gameId)
                    .map(moves -> new StoredGame(row, moves, rebuild(row, moves)));
        });
    }

    public Uni<List<GameEntity>> live(int limit) {
        return GameEntity.<GameEntity>find("status = ?1 order by createdAt desc", Status.ONGOING.name()).page(0, limit).list();
    }

    public Uni<List<GameEntity>> finished(int limit) {
        return GameEntity.<GameEntity>find("status <> ?1 order by endedAt desc", Status.ONGOING.name()).page(0, limit).list();
    }

    /** The move a player's command placed in a game, or null: another player's ids reveal nothing. */
    public Uni<MoveEntity> moveByCommand(String gameId, String playerId, String commandId) {
        return MoveEntity.<MoveEntity>find("gameId = ?1 and playerId = ?2 and commandId = ?3", gameId, playerId, commandId).firstResult();
    }

    public Uni<Boolean> processed(String gameId, String actorId, String commandId) {
        return ProcessedCommandEntity.count("gameId = ?1 and actorId = ?2 and commandId = ?3", gameId, actorId, commandId)
                .map(count -> count > 0);
    }

    /** The authority's state of a game, rebuilt from its row and move log. */
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

    public static GameRecord record(StoredGame game) {
        GameEntity row = game.row();
        return new GameRecord(row.ranked ? "Ranked game" : "Casual game", row.whiteName, row.blackName,
                row.createdAt.atZone(ZoneOffset.UTC).toLocalDate(), Status.valueOf(row.status),
                row.endReason == null ? null : EndReason.valueOf(row.endReason),
                new TimeControl(row.initialSeconds, row.incrementSeconds).format(),
                game.moves().stream().map(move -> move.point).toList());
    }

    public static PlayerRef white(GameEntity row) {
        return new PlayerRef(row.whiteId, row.whiteName);
    }

    public static PlayerRef black(GameEntity row) {
        return new PlayerRef(row.blackId, row.blackName);
    }
}

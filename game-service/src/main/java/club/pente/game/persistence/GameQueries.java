package club.pente.game.persistence;

import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.record.GameRecord;
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
                    .map(moves -> new StoredGame(row, moves, GameStore.rebuild(row, moves)));
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
        return GameStore.processed(gameId, actorId, commandId);
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

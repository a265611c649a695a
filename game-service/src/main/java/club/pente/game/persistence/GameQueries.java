package club.pente.game.persistence;

import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Position;
import club.pente.core.rules.Status;
import club.pente.game.application.GameReads;
import club.pente.game.domain.LiveGame;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Page;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Arrays;
import java.util.List;

/**
 * {@link GameReads} on Hibernate Reactive (the request paths stay non-blocking and off the JDBC pool the
 * command pipeline writes through). Every call runs in its own session ({@code Panache.withSession}).
 */
@ApplicationScoped
public class GameQueries implements GameReads {
    private static final String MOVES_OF_GAME = "gameId = :gameId order by ply";
    private static final String LIVE = "status = :ongoing order by createdAt desc";
    private static final String FINISHED = "status <> :ongoing order by endedAt desc";
    private static final String MOVE_BY_COMMAND = "gameId = :gameId and playerId = :playerId and commandId = :commandId";
    private static final String PROCESSED = "gameId = :gameId and actorId = :actorId and commandId = :commandId";

    @Override
    public Uni<StoredGame> find(String gameId) {
        return Panache.withSession(() -> GameEntity.<GameEntity>findById(gameId).flatMap(row -> {
            if (row == null) {
                return Uni.createFrom().nullItem();
            }
            return MoveEntity.<MoveEntity>list(MOVES_OF_GAME, Parameters.with("gameId", gameId))
                    .map(moves -> new StoredGame(rebuild(row, moves), moves.stream().map(GameQueries::move).toList()));
        }));
    }

    @Override
    public Uni<List<GameListing>> live(int limit) {
        return listing(LIVE, limit);
    }

    @Override
    public Uni<List<GameListing>> finished(int limit) {
        return listing(FINISHED, limit);
    }

    private static Uni<List<GameListing>> listing(String query, int limit) {
        return Panache.withSession(() -> GameEntity.<GameEntity>find(query, Parameters.with("ongoing", Status.ONGOING.name()))
                .page(Page.ofSize(limit)).list()
                .map(rows -> rows.stream().map(GameQueries::listing).toList()));
    }

    @Override
    public Uni<EarlierCommand> earlier(String gameId, String actorId, String commandId) {
        return Panache.withSession(() -> MoveEntity.<MoveEntity>find(MOVE_BY_COMMAND,
                        Parameters.with("gameId", gameId).and("playerId", actorId).and("commandId", commandId)).firstResult()
                .flatMap(move -> move != null
                        ? Uni.createFrom().item(new EarlierCommand(move(move), true))
                        : ProcessedCommandEntity.count(PROCESSED,
                                        Parameters.with("gameId", gameId).and("actorId", actorId).and("commandId", commandId))
                                .map(count -> new EarlierCommand(null, count > 0))));
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
            game.restoreResult(Status.valueOf(row.status), reason(row), row.endedAt);
        }
        return game;
    }

    private static GameListing listing(GameEntity row) {
        return new GameListing(row.id, new PlayerRef(row.whiteId, row.whiteName), new PlayerRef(row.blackId, row.blackName), row.ranked,
                new TimeControl(row.initialSeconds, row.incrementSeconds), Status.valueOf(row.status), reason(row), row.ply, row.version,
                row.createdAt, row.endedAt);
    }

    private static EndReason reason(GameEntity row) {
        return row.endReason == null ? null : EndReason.valueOf(row.endReason);
    }

    private static StoredMove move(MoveEntity move) {
        List<String> captured = move.captured.isEmpty() ? List.of() : Arrays.asList(move.captured.split(" "));
        return new StoredMove(move.ply, Color.valueOf(move.color), move.playerId, move.point, captured, move.playedAt);
    }
}

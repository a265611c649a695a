package club.pente.game.persistence;

import club.pente.core.contract.ChatChannel;
import club.pente.core.contract.OfferKind;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Announcements;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Position;
import club.pente.core.rules.Status;
import club.pente.core.rules.Variant;
import club.pente.game.application.GameReads;
import club.pente.game.domain.LiveGame;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Page;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@link GameReads} on Hibernate Reactive (the request paths stay non-blocking and off the JDBC pool the
 * command pipeline writes through). Every call runs in its own session ({@code Panache.withSession}).
 */
@ApplicationScoped
public class GameQueries implements GameReads {
    private static final String MOVES_OF_GAME = "gameId = :gameId order by ply";
    private static final String LIVE = "status = :ongoing and (initialSeconds > 0 or daysPerMove > 0 or turnStartedAt >= :idle)"
            + " order by createdAt desc";
    /** White is to move at even plies: it is the player's turn when their colour matches the ply's parity. */
    private static final String MINE = "status = :ongoing and (whiteId = :player or blackId = :player) order by"
            + " case when (whiteId = :player and mod(ply, 2) = 0) or (blackId = :player and mod(ply, 2) = 1) then 0 else 1 end,"
            + " deadlineAt asc nulls last, createdAt desc";
    private static final String VACATION = "select used_days from vacation_days where player_id = :player and year = :year";
    private static final String LIVE_OF = "status = :ongoing and (whiteId = :player or blackId = :player) order by createdAt desc";
    private static final String ALL_LIVE = "status = :ongoing order by createdAt desc";
    private static final String FINISHED = "status <> :ongoing order by endedAt desc";
    private static final String FINISHED_OF = "status <> :ongoing and (whiteId = :player or blackId = :player) order by endedAt desc";
    private static final String CHAT_OF_GAME = "gameId = :gameId order by version";
    private static final String MOVE_BY_COMMAND = "gameId = :gameId and playerId = :playerId and commandId = :commandId";
    private static final String PROCESSED = "gameId = :gameId and actorId = :actorId and commandId = :commandId";

    @Override
    public Uni<StoredGame> find(String gameId) {
        return Panache.withSession(() -> GameEntity.<GameEntity>findById(gameId).flatMap(row -> {
            if (row == null) {
                return Uni.createFrom().nullItem();
            }
            return MoveEntity.<MoveEntity>list(MOVES_OF_GAME, Parameters.with("gameId", gameId))
                    .map(moves -> new StoredGame(rebuild(row, moves), log(variant(row), moves)));
        }));
    }

    @Override
    public Uni<List<GameListing>> live(int limit, String playerId, Instant idleBefore) {
        Parameters parameters = Parameters.with("ongoing", Status.ONGOING.name());
        return playerId == null
                ? listing(LIVE, parameters.and("idle", idleBefore), limit)
                : listing(LIVE_OF, parameters.and("player", playerId), limit);
    }

    @Override
    public Uni<List<GameListing>> mine(String playerId, int limit) {
        return listing(MINE, Parameters.with("ongoing", Status.ONGOING.name()).and("player", playerId), limit);
    }

    @Override
    public Uni<Integer> vacationUsed(String playerId, int year) {
        return Panache.withSession(() -> Panache.getSession().flatMap(session -> session.createNativeQuery(VACATION, Integer.class)
                .setParameter("player", playerId).setParameter("year", year).getResultList()
                .map(rows -> rows.isEmpty() || rows.get(0) == null ? 0 : rows.get(0))));
    }

    @Override
    public Uni<List<StaffListing>> allLive(int limit) {
        return Panache.withSession(() -> GameEntity.<GameEntity>find(ALL_LIVE, Parameters.with("ongoing", Status.ONGOING.name()))
                .page(Page.ofSize(limit)).list()
                .map(rows -> rows.stream().map(row -> new StaffListing(listing(row), row.whiteMillis, row.blackMillis, row.turnStartedAt))
                        .toList()));
    }

    @Override
    public Uni<List<GameListing>> finished(int limit, String playerId) {
        Parameters parameters = Parameters.with("ongoing", Status.ONGOING.name());
        return playerId == null ? listing(FINISHED, parameters, limit) : listing(FINISHED_OF, parameters.and("player", playerId), limit);
    }

    private static Uni<List<GameListing>> listing(String query, Parameters parameters, int limit) {
        return Panache.withSession(() -> GameEntity.<GameEntity>find(query, parameters)
                .page(Page.ofSize(limit)).list()
                .map(rows -> rows.stream().map(GameQueries::listing).toList()));
    }

    @Override
    public Uni<List<ChatMessage>> chat(String gameId) {
        return Panache.withSession(() -> GameEntity.<GameEntity>findById(gameId).flatMap(row -> row == null
                ? Uni.createFrom().<List<ChatMessage>>nullItem()
                : ChatMessageEntity.<ChatMessageEntity>list(CHAT_OF_GAME, Parameters.with("gameId", gameId))
                        .map(rows -> rows.stream().map(GameQueries::chatMessage).toList())));
    }

    private static ChatMessage chatMessage(ChatMessageEntity row) {
        return new ChatMessage(row.messageId, ChatChannel.valueOf(row.channel), row.version, row.authorId, row.authorName, row.text,
                row.postedAt, row.removedAt, row.removedBy, row.removedReason);
    }

    /** The move log as the API shows it, replayed to know what each move announced (a tria, a tessera). */
    static List<StoredMove> log(List<MoveEntity> moves) {
        return log(Variant.DEFAULT, moves);
    }

    static List<StoredMove> log(Variant variant, List<MoveEntity> moves) {
        Position position = new Position(Variant.orDefault(variant));
        List<StoredMove> log = new ArrayList<>(moves.size());
        for (MoveEntity move : moves) {
            position.play(Notation.parse(move.point));
            List<String> captured = move.captured.isEmpty() ? List.of() : Arrays.asList(move.captured.split(" "));
            log.add(new StoredMove(move.ply, Color.valueOf(move.color), move.playerId, move.point, captured, move.playedAt,
                    Announcements.ofLastMove(position), move.whiteMillis, move.blackMillis));
        }
        return log;
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
        Variant variant = variant(row);
        Position position = new Position(Variant.orDefault(variant));
        for (MoveEntity move : moves) {
            position.play(Notation.parse(move.point));
        }
        LiveGame game = new LiveGame(row.id, new PlayerRef(row.whiteId, row.whiteName), new PlayerRef(row.blackId, row.blackName),
                row.ranked, timeControl(row), variant, row.tournamentId, row.createdAt, position, row.version,
                row.whiteMillis, row.blackMillis, row.turnStartedAt);
        if (!row.status.equals(Status.ONGOING.name())) {
            game.restoreResult(Status.valueOf(row.status), reason(row), row.endedAt);
        }
        if (row.offerKind != null && row.offerColor != null) {
            game.restoreOffer(new LiveGame.Offer(OfferKind.valueOf(row.offerKind), Color.valueOf(row.offerColor)));
        }
        game.restoreStaffMarks(row.endNote,
                row.annulledAt == null ? null : new LiveGame.Annulment(row.annulledAt, row.annulledBy, row.annulledReason));
        return game;
    }

    static GameListing listing(GameEntity row) {
        Status status = Status.valueOf(row.status);
        Color toMove = status.isOver() ? null : row.ply % 2 == 0 ? Color.WHITE : Color.BLACK; // white opens, turns alternate
        TimeControl timeControl = timeControl(row);
        Instant deadline = null;
        if (toMove != null && row.tournamentId != null) {
            deadline = row.deadlineAt; // the clock or the first move's no-show, whichever comes first
        } else if (toMove != null && !timeControl.untimed()) {
            deadline = row.turnStartedAt.plusMillis(toMove == Color.WHITE ? row.whiteMillis : row.blackMillis);
        }
        return new GameListing(row.id, new PlayerRef(row.whiteId, row.whiteName), new PlayerRef(row.blackId, row.blackName), row.ranked,
                timeControl, status, reason(row), row.ply, toMove, row.version,
                row.createdAt, row.ply > 0 ? row.turnStartedAt : null, row.endedAt, variant(row), row.tournamentId, deadline);
    }

    static TimeControl timeControl(GameEntity row) {
        return new TimeControl(row.initialSeconds, row.incrementSeconds, row.daysPerMove);
    }

    /** Rows from before variants read as Pente (the column's default). */
    static Variant variant(GameEntity row) {
        return row.variant == null ? Variant.DEFAULT : Variant.valueOf(row.variant);
    }

    private static EndReason reason(GameEntity row) {
        return row.endReason == null ? null : EndReason.valueOf(row.endReason);
    }

    static StoredMove move(MoveEntity move) {
        List<String> captured = move.captured.isEmpty() ? List.of() : Arrays.asList(move.captured.split(" "));
        return new StoredMove(move.ply, Color.valueOf(move.color), move.playerId, move.point, captured, move.playedAt);
    }
}

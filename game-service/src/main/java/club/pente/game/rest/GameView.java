package club.pente.game.rest;

import club.pente.core.contract.Clocks;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerRef;
import club.pente.core.notation.BoardText;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Position;
import club.pente.core.rules.Status;
import club.pente.game.domain.LiveGame;
import club.pente.game.persistence.GameEntity;
import club.pente.game.persistence.GameQueries;
import club.pente.game.persistence.MoveEntity;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * A game as the API shows it. {@code clocks} are as of {@code asOf}; the clock of {@code toMove} is
 * running. {@code board} is 19 strings, row 19 first, columns A..T.
 */
public record GameView(
        String id,
        PlayerRef white,
        PlayerRef black,
        boolean ranked,
        String timeControl,
        Status status,
        EndReason reason,
        int ply,
        Color toMove,
        long version,
        PerSide capturedPairs,
        Clocks clocks,
        Instant asOf,
        List<String> board,
        List<MoveView> moves,
        Instant createdAt,
        Instant endedAt) {

    public record MoveView(int ply, Color color, String playerId, String point, List<String> captured, Instant playedAt) {
    }

    static GameView of(GameQueries.StoredGame stored, Instant now) {
        GameEntity row = stored.row();
        LiveGame game = stored.state();
        Position position = game.position();
        List<MoveView> moves = stored.moves().stream().map(GameView::move).toList();
        return new GameView(row.id, GameQueries.white(row), GameQueries.black(row), row.ranked, game.timeControl().format(),
                game.result(), game.reason(), position.ply(), game.isOver() ? null : position.toMove(), row.version,
                new PerSide(position.capturedPairs(Color.WHITE), position.capturedPairs(Color.BLACK)),
                game.clocks(now), now, BoardText.rows(position), moves, row.createdAt, row.endedAt);
    }

    private static MoveView move(MoveEntity move) {
        List<String> captured = move.captured.isEmpty() ? List.of() : Arrays.asList(move.captured.split(" "));
        return new MoveView(move.ply, Color.valueOf(move.color), move.playerId, move.point, captured, move.playedAt);
    }
}

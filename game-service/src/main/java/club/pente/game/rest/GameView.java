package club.pente.game.rest;

import club.pente.core.contract.Clocks;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerRef;
import club.pente.core.notation.BoardText;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Position;
import club.pente.core.rules.Status;
import club.pente.game.application.GameReads;
import club.pente.game.domain.LiveGame;

import java.time.Instant;
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

    static GameView of(GameReads.StoredGame stored, Instant now) {
        LiveGame game = stored.state();
        Position position = game.position();
        List<MoveView> moves = stored.moves().stream()
                .map(m -> new MoveView(m.ply(), m.color(), m.playerId(), m.point(), m.captured(), m.playedAt())).toList();
        return new GameView(game.id(), game.white(), game.black(), game.ranked(), game.timeControl().format(),
                game.result(), game.reason(), position.ply(), game.isOver() ? null : position.toMove(), game.version(),
                new PerSide(position.capturedPairs(Color.WHITE), position.capturedPairs(Color.BLACK)),
                game.clocks(now), now, BoardText.rows(position), moves, game.createdAt(), game.endedAt());
    }
}

package club.pente.ai.engine;

import club.pente.core.rules.Board;
import club.pente.core.rules.Position;
import club.pente.core.rules.RandomGames;
import club.pente.core.rules.Status;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** The engine's board must follow the rules of pente-core exactly and keep its counters exact. */
class EngineBoardTest {
    @Test
    void followsTheCoreRulesThroughRandomGamesAndUndoesExactly() {
        SplittableRandom random = new SplittableRandom(7);
        int captures = 0;
        int fives = 0;
        for (int game = 0; game < 150; game++) {
            Position position = new Position();
            EngineBoard board = EngineBoard.of(position);
            long startHash = board.hash;
            int plies = 0;
            while (!position.status().isOver()) {
                // Legality must agree on every point, opening rule included.
                if (position.ply() <= 3 || plies % 37 == 0) {
                    for (int p = 0; p < Board.POINTS; p++) {
                        assertThat(board.isLegal(p)).isEqualTo(position.check(p) == null);
                    }
                }
                int point = RandomGames.randomMove(position, random);
                int taken = position.apply(point);
                assertThat(board.apply(EngineBoard.cellOf(point))).isEqualTo(taken);
                captures += taken;
                plies++;
                assertSame(board, position);
            }
            if (position.reason() == club.pente.core.rules.EndReason.FIVE_IN_A_ROW) {
                fives++;
            }
            assertThat(board.result).isEqualTo(position.status() == Status.DRAW ? EngineBoard.DRAW
                    : position.status().winner().code());
            while (position.hasHistory()) {
                position.undo();
                board.undo();
            }
            assertSame(board, position);
            assertThat(board.hash).isEqualTo(startHash);
        }
        assertThat(captures).isGreaterThan(100);
        assertThat(fives).isGreaterThan(5);
    }

    private static void assertSame(EngineBoard board, Position position) {
        for (int p = 0; p < Board.POINTS; p++) {
            assertThat(board.cells[EngineBoard.cellOf(p)]).isEqualTo((byte) position.codeAt(p));
        }
        EngineBoard fresh = EngineBoard.of(position);
        assertThat(board.hash).isEqualTo(fresh.hash);
        assertThat(board.pairs).isEqualTo(fresh.pairs);
        assertThat(board.toMove).isEqualTo(position.toMove().code());
        assertThat(board.ply).isEqualTo(position.ply());
        assertThat(board.stoneTotal).isEqualTo(position.stoneCount());
        assertThat(board.lineScore).isEqualTo(fresh.lineScore);
        assertThat(board.windows).isEqualTo(fresh.windows);
        assertThat(board.segments).isEqualTo(fresh.segments);
        assertThat(board.near).isEqualTo(fresh.near);
        assertThat(new int[] {board.fours[1], board.fours[2], board.threes[1], board.threes[2],
                board.captureThreats[1], board.captureThreats[2], board.openPairs[1], board.openPairs[2]})
                .isEqualTo(new int[] {fresh.fours[1], fresh.fours[2], fresh.threes[1], fresh.threes[2],
                        fresh.captureThreats[1], fresh.captureThreats[2], fresh.openPairs[1], fresh.openPairs[2]});
    }
}

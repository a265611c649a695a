package club.pente.ai.engine;

import club.pente.core.rules.Board;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Position;
import club.pente.core.rules.RandomGames;
import club.pente.core.rules.Status;
import club.pente.core.rules.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The engine's board follows {@code Position(variant)} move by move through random games of every variant:
 * same legality (opening rule per variant), stones, captures (pairs and Keryo's trios, counted and in
 * stones), result, and incremental state equal to a board built afresh; undo restores it exactly.
 */
class VariantBoardTest {
    @ParameterizedTest
    @EnumSource(Variant.class)
    void followsTheCoreRulesOfEachVariant(Variant variant) {
        SplittableRandom random = new SplittableRandom(31 + variant.ordinal());
        int captures = 0;
        int trioCaptures = 0;
        int captureWins = 0;
        int fives = 0;
        for (int game = 0; game < 80; game++) {
            Position position = new Position(variant);
            EngineBoard board = EngineBoard.of(position);
            assertThat(board.variant).isEqualTo(variant);
            long startHash = board.hash;
            int plies = 0;
            while (!position.status().isOver()) {
                if (position.ply() <= 3 || plies % 41 == 0) {
                    for (int p = 0; p < Board.POINTS; p++) {
                        assertThat(board.isLegal(p)).as("%s point %d at ply %d", variant, p, position.ply())
                                .isEqualTo(position.check(p) == null);
                    }
                }
                int point = RandomGames.randomMove(position, random);
                Color mover = position.toMove();
                int stonesBefore = position.capturedStones(mover);
                int taken = position.apply(point);
                assertThat(board.apply(EngineBoard.cellOf(point))).as("%s captures at ply %d", variant, position.ply())
                        .isEqualTo(taken);
                captures += taken;
                int stones = position.capturedStones(mover) - stonesBefore;
                if (stones % 2 == 1 || stones > 2 * taken) {
                    trioCaptures++;
                }
                plies++;
                assertSame(board, position);
            }
            if (position.reason() == EndReason.FIVE_IN_A_ROW) {
                fives++;
            } else if (position.reason() == EndReason.FIVE_CAPTURES) {
                captureWins++;
            }
            assertThat(board.result).isEqualTo(position.status() == Status.DRAW ? EngineBoard.DRAW
                    : position.status().winner().code());
            while (position.hasHistory()) {
                position.undo();
                board.undo();
                assertThat(board.taken).isEqualTo(EngineBoard.of(position).taken);
            }
            assertSame(board, position);
            assertThat(board.hash).isEqualTo(startHash);
        }
        assertThat(fives).isGreaterThan(5);
        if (variant == Variant.GOMOKU) {
            assertThat(captures).isZero();
        } else {
            assertThat(captures).isGreaterThan(50);
            assertThat(captureWins).isGreaterThan(0);
        }
        if (variant == Variant.KERYO) {
            assertThat(trioCaptures).isGreaterThan(5);
        } else {
            assertThat(trioCaptures).isZero();
        }
    }

    static void assertSame(EngineBoard board, Position position) {
        for (int p = 0; p < Board.POINTS; p++) {
            assertThat(board.cells[EngineBoard.cellOf(p)]).isEqualTo((byte) position.codeAt(p));
        }
        EngineBoard fresh = EngineBoard.of(position);
        assertThat(board.hash).isEqualTo(fresh.hash);
        assertThat(board.pairs).isEqualTo(fresh.pairs);
        assertThat(board.taken).isEqualTo(fresh.taken);
        for (Color c : Color.values()) {
            assertThat(board.pairs[c.code()]).isEqualTo(position.capturedPairs(c));
            assertThat(board.taken[c.code()]).isEqualTo(position.capturedStones(c));
        }
        assertThat(board.toMove).isEqualTo(position.toMove().code());
        assertThat(board.ply).isEqualTo(position.ply());
        assertThat(board.stoneTotal).isEqualTo(position.stoneCount());
        assertThat(board.lineScore).isEqualTo(fresh.lineScore);
        assertThat(board.windows).isEqualTo(fresh.windows);
        assertThat(board.segments).isEqualTo(fresh.segments);
        assertThat(board.trioSegments).isEqualTo(fresh.trioSegments);
        assertThat(board.near).isEqualTo(fresh.near);
        assertThat(new int[] {board.fours[1], board.fours[2], board.threes[1], board.threes[2],
                board.captureThreats[1], board.captureThreats[2], board.openPairs[1], board.openPairs[2],
                board.trioThreats[1], board.trioThreats[2]})
                .isEqualTo(new int[] {fresh.fours[1], fresh.fours[2], fresh.threes[1], fresh.threes[2],
                        fresh.captureThreats[1], fresh.captureThreats[2], fresh.openPairs[1], fresh.openPairs[2],
                        fresh.trioThreats[1], fresh.trioThreats[2]});
        // The win-now tests agree with the core: some move of the side to move wins at once, or none does.
        if (!position.status().isOver() && position.ply() % 7 == 0) {
            assertThat(board.canWinNow()).as("%s can win now at ply %d", board.variant, position.ply())
                    .isEqualTo(winsAtOnce(position));
        }
    }

    /** Whether some legal move of the side to move ends the game in its favour, by the core's rules. */
    static boolean winsAtOnce(Position position) {
        Color mover = position.toMove();
        for (int p = 0; p < Board.POINTS; p++) {
            if (position.check(p) == null) {
                position.apply(p);
                boolean won = position.status().winner() == mover;
                position.undo();
                if (won) {
                    return true;
                }
            }
        }
        return false;
    }
}

package club.pente.ai.engine;

import club.pente.core.rules.Board;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Position;
import club.pente.core.rules.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keryo's capture rules in the search: a trio capture that reaches 15 stones is taken at once, and a trio
 * capture that would give the opponent its 15th stone is stopped.
 */
class KeryoTacticsTest {
    /**
     * A legal Keryo game in which {@code captor} takes {@code trios} trios on the left edge (rows 1, 3, 5, ...:
     * {@code X O O O X} on columns A-E), then puts one more flank and the victim its three stones beside it,
     * so that {@code captor}'s next stone on column E would capture a further trio. It ends with {@code toMove}
     * to move (a quiet filler far away adjusts the turn).
     */
    static Position trioFight(Color captor, int trios, Color toMove) {
        Position position = new Position(Variant.KERYO);
        List<Integer> captorFills = new ArrayList<>();
        List<Integer> victimFills = new ArrayList<>();
        for (int c = 0; c < 19; c += 2) {
            captorFills.add(Board.point(18, c));
            victimFills.add(Board.point(16, c));
        }
        int[] left = new int[trios + 1];
        int[] right = new int[trios + 1];
        int[][] middle = new int[trios + 1][3];
        for (int k = 0; k <= trios; k++) {
            left[k] = Board.point(2 * k, 0);
            right[k] = Board.point(2 * k, 4);
            for (int i = 0; i < 3; i++) {
                middle[k][i] = Board.point(2 * k, 1 + i);
            }
        }
        int nextLeft = 0;
        int nextRight = 0;
        int victimPlaced = 0;
        position.play(Board.CENTRE);
        boolean done = false;
        while (!done) {
            if (position.toMove() == captor) {
                if (nextRight < trios && victimPlaced >= 3 * (nextRight + 1) && nextLeft > nextRight) {
                    position.play(right[nextRight++]);
                } else if (nextLeft <= trios) {
                    position.play(left[nextLeft++]);
                } else {
                    position.play(captorFills.remove(0));
                }
            } else {
                if (victimPlaced < 3 * (trios + 1) && (victimPlaced / 3 < nextLeft)) {
                    position.play(middle[victimPlaced / 3][victimPlaced % 3]);
                    victimPlaced++;
                } else {
                    position.play(victimFills.remove(0));
                }
            }
            done = nextRight == trios && nextLeft == trios + 1 && victimPlaced == 3 * (trios + 1);
        }
        if (position.toMove() != toMove) {
            position.play((position.toMove() == captor ? captorFills : victimFills).remove(0));
        }
        assertThat(position.status().isOver()).isFalse();
        assertThat(position.capturedStones(captor)).isEqualTo(3 * trios);
        assertThat(position.toMove()).isEqualTo(toMove);
        return position;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9})
    void takesTheFifteenthStoneAtEveryLevel(int level) {
        Position position = trioFight(Color.WHITE, 4, Color.WHITE);
        assertThat(position.capturedStones(Color.WHITE)).isEqualTo(12);
        EngineConfig config = EngineConfig.level(level).withTtBits(14).withThreads(1);
        SearchResult result = new Engine(config, level).bestMove(position, Budget.nodes(2_000));
        position.play(result.move());
        assertThat(position.status().winner()).isEqualTo(Color.WHITE);
        assertThat(position.reason()).isEqualTo(EndReason.FIVE_CAPTURES);
        assertThat(position.capturedStones(Color.WHITE)).isEqualTo(15);
        assertThat(result.isWin()).isTrue();
    }

    @Test
    void theBoardSeesTheTrioWinAndItsDefences() {
        Position position = trioFight(Color.BLACK, 4, Color.WHITE);
        EngineBoard board = EngineBoard.of(position);
        assertThat(board.taken[2]).isEqualTo(12);
        assertThat(board.trioThreats[2]).isEqualTo(1);
        assertThat(board.opponentThreatensWin()).isTrue();
        assertThat(board.canWinNow()).isFalse();
        int[] defences = new int[Board.POINTS];
        int n = new MoveGenerator(board).defences(defences);
        List<Integer> points = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            points.add(EngineBoard.pointOf(defences[i]));
        }
        // Filling the capture point is the only defence here (the flank on column A cannot be captured).
        assertThat(points).containsExactly(Board.point(8, 4));
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 6, 8, 9})
    void stopsATrioCaptureThatWouldLose(int level) {
        Position position = trioFight(Color.BLACK, 4, Color.WHITE);
        EngineConfig config = EngineConfig.level(level).withTtBits(14).withThreads(1);
        SearchResult result = new Engine(config, 3).bestMove(position, Budget.nodes(2_000));
        position.play(result.move());
        assertThat(position.status().isOver()).isFalse();
        assertThat(VariantBoardTest.winsAtOnce(position)).as("Black wins after %s", result.move()).isFalse();
    }
}

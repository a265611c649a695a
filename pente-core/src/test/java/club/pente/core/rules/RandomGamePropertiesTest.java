package club.pente.core.rules;

import club.pente.core.notation.BoardText;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** Invariants checked over many random legal games (fixed seeds, so a failure is reproducible). */
class RandomGamePropertiesTest {
    private static final int GAMES = 300;

    @Test
    void stonesOnBoardAreStonesPlacedMinusTwicePairsLost() {
        for (int seed = 0; seed < GAMES; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            Position position = new Position();
            int[] placed = new int[3];
            while (!position.status().isOver() && position.ply() < 400) {
                Color mover = position.toMove();
                position.apply(RandomGames.randomMove(position, random));
                placed[mover.code()]++;
                for (Color color : Color.values()) {
                    int lost = position.capturedPairs(color.opponent());
                    assertThat(position.stones(color)).as("seed %d ply %d %s", seed, position.ply(), color)
                            .isEqualTo(placed[color.code()] - 2 * lost)
                            .isEqualTo(countOnBoard(position, color));
                }
            }
        }
    }

    @Test
    void undoRestoresTheExactEarlierStateAndHash() {
        int capturesSeen = 0;
        int winsSeen = 0;
        for (int seed = 0; seed < GAMES; seed++) {
            SplittableRandom random = new SplittableRandom(1_000_000L + seed);
            Position position = new Position();
            List<String> states = new ArrayList<>();
            List<Long> hashes = new ArrayList<>();
            while (!position.status().isOver() && position.ply() < 400) {
                states.add(state(position));
                hashes.add(position.hash());
                capturesSeen += position.apply(RandomGames.randomMove(position, random));
            }
            if (position.status().isOver()) {
                winsSeen++;
            }
            for (int i = states.size() - 1; i >= 0; i--) {
                position.undo();
                assertThat(position.hash()).as("seed %d back to ply %d", seed, i).isEqualTo(hashes.get(i));
                assertThat(state(position)).isEqualTo(states.get(i));
            }
            assertThat(position.ply()).isZero();
        }
        // The games must actually exercise captures and endings for this to mean anything.
        assertThat(capturesSeen).isGreaterThan(100);
        assertThat(winsSeen).isGreaterThan(10);
    }

    @Test
    void theHashIsAFunctionOfThePosition() {
        // Recompute from scratch by replaying the same moves: equal positions, equal hashes.
        for (int seed = 0; seed < 50; seed++) {
            Position position = new Position();
            int[] moves = RandomGames.play(position, new SplittableRandom(seed), 200);
            Position again = new Position();
            for (int move : moves) {
                again.play(move);
            }
            assertThat(again.hash()).isEqualTo(position.hash());
            assertThat(state(again)).isEqualTo(state(position));
        }
    }

    private static int countOnBoard(Position position, Color color) {
        int n = 0;
        for (int point = 0; point < Board.POINTS; point++) {
            if (position.stoneAt(point) == color) {
                n++;
            }
        }
        return n;
    }

    private static String state(Position position) {
        return String.join("/", BoardText.rows(position)) + " ply=" + position.ply() + " move=" + position.toMove()
                + " pairs=" + position.capturedPairs(Color.WHITE) + ":" + position.capturedPairs(Color.BLACK)
                + " stones=" + position.stones(Color.WHITE) + ":" + position.stones(Color.BLACK)
                + " status=" + position.status() + " reason=" + position.reason();
    }
}

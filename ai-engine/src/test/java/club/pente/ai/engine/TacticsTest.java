package club.pente.ai.engine;

import club.pente.core.rules.Color;
import club.pente.core.rules.Position;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static club.pente.ai.engine.Positions.WHITE_FOUR_PAIRS;
import static club.pente.ai.engine.Positions.p;
import static club.pente.ai.engine.Positions.played;
import static club.pente.ai.engine.Positions.setUp;
import static org.assertj.core.api.Assertions.assertThat;

/** The engine sees wins, losses and the forcing moves around them. */
class TacticsTest {
    private static final Budget BUDGET = Budget.nodes(60_000);

    private static SearchResult best(int level, Position position) {
        return new Engine(EngineConfig.level(level), 42).bestMove(position, BUDGET);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4, 8})
    void completesFiveInARow(int level) {
        Position position = setUp("K10 L10 M10 N10 C3", "J10 K11 L12 R17", Color.WHITE);
        SearchResult result = best(level, position);
        assertThat(result.move()).isEqualTo(p("O10"));
        position.play(result.move());
        assertThat(position.status().winner()).isEqualTo(Color.WHITE);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4, 8})
    void takesTheFifthPair(int level) {
        Position position = played(WHITE_FOUR_PAIRS + " B12 A12 C12");
        assertThat(position.capturedPairs(Color.WHITE)).isEqualTo(4);
        SearchResult result = best(level, position);
        assertThat(result.move()).isEqualTo(p("D12"));
        position.play(result.move());
        assertThat(position.status().winner()).isEqualTo(Color.WHITE);
    }

    @Test
    void blocksAClosedFour() {
        Position position = setUp("K10 L10 M10 N10 G4", "J10 C16 R3 Q16", Color.BLACK);
        assertThat(best(5, position).move()).isEqualTo(p("O10"));
    }

    @Test
    void capturesOutOfADoubleFour() {
        // Row K10-N10 (needs O10) and column M10-M13 (needs M14) share M10; only capturing M10 with
        // N11 (from L9 through O12) stops both.
        Position position = setUp("K10 L10 M10 N10 M11 M12 M13 N11", "J10 M9 L9 C3 R16 D17", Color.BLACK);
        SearchResult result = best(8, position);
        assertThat(result.move()).isEqualTo(p("O12"));
        position.play(result.move());
        assertThat(position.capturedPairs(Color.BLACK)).isEqualTo(1);
    }

    @Test
    void seesThatAnOpenFourCannotBeStopped() {
        Position position = setUp("K10 L10 M10 N10 G4", "C16 R3 Q16 B2", Color.BLACK);
        assertThat(best(8, position).isLoss()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(ints = {5, 8})
    void neverHandsOverTheFifthPair(int level) {
        // White has four pairs. N12 would extend Black's N13-N14 but make the pair M12-N12 that White
        // takes from O12 (L12 flanks it).
        Position position = played(WHITE_FOUR_PAIRS + " M12 L12 N13 T1 N14 T3");
        assertThat(position.toMove()).isEqualTo(Color.BLACK);
        SearchResult result = best(level, position);
        assertThat(result.move()).isNotEqualTo(p("N12"));
        position.play(result.move());
        assertThat(whiteCanCapture(position)).isFalse();
    }

    @Test
    void findsAFourThreeAndWinsIt() {
        // N10 makes a four on row 10 (closed by J10) and an open three on column N: after the forced
        // block at O10, N13 or N9 makes an open four.
        Position position = setUp("K10 L10 M10 N11 N12 C3", "J10 R16 B17 S2 Q3", Color.WHITE);
        Engine white = new Engine(EngineConfig.level(8), 1);
        Engine black = new Engine(EngineConfig.level(8), 2);
        SearchResult first = white.bestMove(position, BUDGET);
        assertThat(first.isWin()).isTrue();
        for (int ply = 0; ply < 9 && !position.status().isOver(); ply++) {
            Engine engine = position.toMove() == Color.WHITE ? white : black;
            position.play(engine.bestMove(position, BUDGET).move());
        }
        assertThat(position.status().winner()).isEqualTo(Color.WHITE);
    }

    @Test
    void threatSearchProvesTheFourThree() {
        Position position = setUp("K10 L10 M10 N11 N12 C3", "J10 R16 B17 S2 Q3", Color.WHITE);
        EngineBoard board = EngineBoard.of(position);
        ThreatSearch threats = new ThreatSearch(board, new MoveGenerator(board));
        int move = threats.find(4, 100_000, Long.MAX_VALUE, false);
        assertThat(move).isGreaterThanOrEqualTo(0);
        assertThat(EngineBoard.pointOf(move)).isIn(p("N10"), p("N9"), p("N13"), p("O10"));
        // Nothing forced for White without the column stones.
        Position quiet = setUp("K10 L10 M10 C3", "J10 R16 B17", Color.WHITE);
        EngineBoard quietBoard = EngineBoard.of(quiet);
        assertThat(new ThreatSearch(quietBoard, new MoveGenerator(quietBoard)).find(4, 100_000, Long.MAX_VALUE, false))
                .isEqualTo(-1);
    }

    @Test
    void defendsAgainstAFourThreeComing() {
        // The same shape with Black to move: Black must break it up now (N10, O10, N9, N13 or a capture),
        // not play elsewhere.
        Position position = setUp("K10 L10 M10 N11 N12 C3", "J10 R16 B17 S2", Color.BLACK);
        SearchResult result = best(8, position);
        assertThat(result.isLoss()).isFalse();
        position.play(result.move());
        SearchResult reply = best(8, position);
        assertThat(reply.isWin()).isFalse();
    }

    private static boolean whiteCanCapture(Position position) {
        for (int point = 0; point < club.pente.core.rules.Board.POINTS; point++) {
            if (position.check(point) == null) {
                int captured = position.apply(point);
                position.undo();
                if (captured > 0) {
                    return true;
                }
            }
        }
        return false;
    }
}

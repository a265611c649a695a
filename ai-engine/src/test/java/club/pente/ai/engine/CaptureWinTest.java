package club.pente.ai.engine;

import club.pente.core.rules.Position;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static club.pente.ai.engine.Positions.played;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Wins by a multiple capture (two or more pairs at once reaching five) while the opponent threatens to
 * win: the defences must include them and the win test must count pairs per move (review finding R-8;
 * games from engine self-play, the winning move found by the reviewer).
 */
class CaptureWinTest {
    /** White has 3 pairs, Black threatens to win; K16 takes two pairs at once. */
    static final String TWO_AT_ONCE = "K10 K9 M7 M5 J8 K12 K14 J11 J6 O6 M8 Q4 H7 J16 O10 K11 Q5 G7 J14 Q8 J17 L13 K18 Q10 J4 R3 L8 H17 N5 Q6 P5 S8 P3 J18 S11 R10 O9 O2 K13 K17 F15 Q11 E9 K3 O7 F16 G13 S1 D17 R11 G16 F12 P10 Q3 H12 H13 E14 L19 H1 L6 L4 G9 M18 D8 E12 D18 D16 M13 K19 S13 F7 Q13 N15 H6 N17 S6 T10 H5 F9 S10 R7 P6 T5 M16 M17 H16 S12 R4 N4 P1 L3 C15 S4 R8 O18 K6 T7 N9 C11 K18 L11 C17 J9 L2 E5 P15 N6 J10 F3 M19 C4 D2 Q17 B14 A13 P13";
    /** Black has 1 pair, White threatens to win; H5 takes four pairs at once. */
    static final String FOUR_AT_ONCE = "K10 J9 K7 G7 K11 M11 J6 N12 L10 O12 H11 E8 G6 O11 F13 K5 G5 E13 D7 J7 M3 F9 C7 M6 H8 G8 L2 J11 D14 D12 O10 L3 F5 E5 J8 D4 B5 C3 F12 E10 F7 G11 K4 N9 H4 L8 Q8 B9 N6 F10 N14 A10 H15 C16 E14 O1 A11 D6 F15 D16 L4 K2 K13 C14 Q9 M1 A2 C5 A1 M16 H3 A4 O7 C4 B13 H2 D15 M13 N8 B6 G9 P12 L15 J12 G16 Q3 A14 O4 G17 A15 O6 D13 K6";


    @ParameterizedTest
    @CsvSource({"6, 1", "8, 1", "8, 2", "6, 2"})
    void capturesItsWayToFivePairsUnderThreat(int level, int game) {
        Position position = played(game == 1 ? TWO_AT_ONCE : FOUR_AT_ONCE);
        assertThat(position.status().isOver()).isFalse();
        SearchResult result = new Engine(EngineConfig.level(level), 5).bestMove(position, Budget.nodes(50_000));
        var mover = position.toMove();
        position.play(result.move());
        assertThat(position.status().winner()).as("%s", position.status()).isEqualTo(mover);
        assertThat(result.isWin()).isTrue();
    }

    @org.junit.jupiter.api.Test
    void theBoardSeesTheMultipleCaptureWin() {
        EngineBoard board = EngineBoard.of(played(TWO_AT_ONCE));
        assertThat(board.pairs[board.toMove]).isEqualTo(3);
        assertThat(board.canWinNow()).isTrue();
        assertThat(EngineBoard.pointOf(new MoveGenerator(board).winningMove())).isEqualTo(Positions.p("K16"));
    }
}

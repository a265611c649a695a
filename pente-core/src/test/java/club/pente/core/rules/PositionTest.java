package club.pente.core.rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static club.pente.core.rules.Games.p;
import static club.pente.core.rules.Games.play;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PositionTest {

    @Test
    void whiteStartsAndMustOpenOnTheCentre() {
        Position position = new Position();
        assertThat(position.toMove()).isEqualTo(Color.WHITE);
        assertThat(position.check(p("K11"))).isEqualTo(MoveError.FIRST_MOVE_NOT_CENTRE);
        assertThatThrownBy(() -> position.play(p("A1"))).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("K10");
        assertThat(position.ply()).isZero();
        position.play(p("K10"));
        assertThat(position.toMove()).isEqualTo(Color.BLACK);
        assertThat(position.stoneAt(p("K10"))).isEqualTo(Color.WHITE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"J12", "M8", "H8", "M12", "K11", "L9"})
    void whitesSecondStoneInsideTheCentralSquareIsRefused(String point) {
        Position position = play("K10", "A19");
        assertThat(position.check(p(point))).isEqualTo(MoveError.TOURNAMENT_RULE);
        assertThatThrownBy(() -> position.play(p(point))).hasMessageContaining("three intersections");
        assertThat(position.ply()).isEqualTo(2);
        assertThat(position.isEmpty(p(point))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"K13", "N10", "G7", "O14", "K7", "A1"})
    void whitesSecondStoneThreeOrMoreAwayIsAccepted(String point) {
        Position position = play("K10", "A19");
        position.play(p(point));
        assertThat(position.stoneAt(p(point))).isEqualTo(Color.WHITE);
    }

    @Test
    void theTournamentRuleBindsOnlyWhitesSecondStone() {
        Position position = play("K10", "K11");
        position.play(p("N10"));
        position.play(p("L10")); // black may play near the centre
        assertThat(position.check(p("J9"))).isNull(); // and white again from ply 5
    }

    @Test
    void occupiedPointIsRefusedAndChangesNothing() {
        Position position = play("K10", "L11");
        long hash = position.hash();
        assertThat(position.check(p("L11"))).isEqualTo(MoveError.OCCUPIED);
        assertThatThrownBy(() -> position.play(p("K10"))).isInstanceOf(IllegalMoveException.class);
        assertThat(position.hash()).isEqualTo(hash);
        assertThat(position.ply()).isEqualTo(2);
        assertThat(position.check(-1)).isEqualTo(MoveError.OFF_BOARD);
        assertThat(position.check(Board.POINTS)).isEqualTo(MoveError.OFF_BOARD);
    }

    @Test
    void flankingAPairCapturesIt() {
        Position position = play("K10 _ N10", "L10 M10");
        assertThat(position.isEmpty(p("L10"))).isTrue();
        assertThat(position.isEmpty(p("M10"))).isTrue();
        assertThat(position.capturedPairs(Color.WHITE)).isEqualTo(1);
        assertThat(position.stones(Color.BLACK)).isZero();
        assertThat(position.capturedAt(position.ply())).containsExactlyInAnyOrder(p("L10"), p("M10"));
    }

    @Test
    void capturedPointsArePlayableAgain() {
        Position position = play("K10 _ N10", "L10 M10");
        position.play(p("L10"));
        assertThat(position.stoneAt(p("L10"))).isEqualTo(Color.BLACK);
    }

    @Test
    void oneStoneCapturesThreePairsAtOnce() {
        // O10 flanks P10-Q10 (east, against R10), O11-O12 (north, against O13), P11-Q12 (north-east, against R13).
        Position position = play("K10 R10 O13 R13 _ _ O10", "P10 Q10 O11 O12 P11 Q12");
        assertThat(position.capturedPairs(Color.WHITE)).isEqualTo(3);
        assertThat(position.capturedAt(position.ply())).hasSize(6);
        for (String point : new String[]{"P10", "Q10", "O11", "O12", "P11", "Q12"}) {
            assertThat(position.isEmpty(p(point))).as(point).isTrue();
        }
        assertThat(position.stones(Color.BLACK)).isZero();
    }

    @Test
    void oneStoneCapturesTwoPairsInOppositeDirections() {
        // K7 sits between L7-M7 (against N7) and J7-H7 (against G7).
        Position position = play("K10 N7 G7 _ K7", "L7 M7 J7 H7");
        assertThat(position.capturedPairs(Color.WHITE)).isEqualTo(2);
        assertThat(position.stones(Color.BLACK)).isZero();
    }

    @Test
    void threeFlankedStonesAreSafe() {
        Position position = play("K10 _ _ O10", "L10 M10 N10");
        assertThat(position.capturedPairs(Color.WHITE)).isZero();
        assertThat(position.stones(Color.BLACK)).isEqualTo(3);
    }

    @Test
    void oneFlankedStoneIsSafe() {
        Position position = play("K10 _ M10", "L10 _");
        assertThat(position.stoneAt(p("L10"))).isEqualTo(Color.BLACK);
        assertThat(position.capturedPairs(Color.WHITE)).isZero();
    }

    @Test
    void movingIntoAFlankIsSafe() {
        Position position = play("K10 N10", "L10 M10");
        assertThat(position.stoneAt(p("L10"))).isEqualTo(Color.BLACK);
        assertThat(position.stoneAt(p("M10"))).isEqualTo(Color.BLACK);
        assertThat(position.capturedPairs(Color.WHITE)).isZero();
        assertThat(position.capturedPairs(Color.BLACK)).isZero();
    }

    @Test
    void aCaptureBreaksTheOpponentsFour() {
        // Black C5-F5 is a four; D4 takes D5-D6 against D7.
        Position position = play("K10 D7 _ _ D4", "C5 D5 D6 E5 F5");
        assertThat(position.capturedPairs(Color.WHITE)).isEqualTo(1);
        assertThat(position.isEmpty(p("D5"))).isTrue();
        position.play(p("G5"));
        assertThat(position.status()).isEqualTo(Status.ONGOING);
    }

    @Test
    void aCaptureOpensRoomForTheMoversFive() {
        // White F12-J12 is blocked at K12 (and at E12); K11 takes K12-K13 against K14, then K12 is five.
        Position position = play("K10 F12 G12 H12 K14 J12 K11 K12", "K12 K13 E12 _ _ _ _");
        assertThat(position.status()).isEqualTo(Status.WHITE_WINS);
        assertThat(position.reason()).isEqualTo(EndReason.FIVE_IN_A_ROW);
        assertThat(position.points(Color.WHITE)).isEqualTo(1 + 5);
        assertThat(position.points(Color.BLACK)).isZero();
    }

    @Test
    void fiveInARowWins() {
        Position position = play("K10 C5 D5 E5 F5 G5", "_ _ _ _ _");
        assertThat(position.status()).isEqualTo(Status.WHITE_WINS);
        assertThat(position.reason()).isEqualTo(EndReason.FIVE_IN_A_ROW);
        assertThat(position.check(p("A10"))).isEqualTo(MoveError.GAME_OVER);
    }

    @Test
    void fiveOnADiagonalWinsForBlack() {
        Position position = play("K10 _ _ _ _", "C3 D4 E5 F6 G7");
        assertThat(position.status()).isEqualTo(Status.BLACK_WINS);
        assertThat(position.reason()).isEqualTo(EndReason.FIVE_IN_A_ROW);
    }

    @Test
    void anOverlineWins() {
        Position position = play("K10 C5 D5 E5 G5 H5 F5", "_ _ _ _ _ _");
        assertThat(position.status()).isEqualTo(Status.WHITE_WINS);
        assertThat(position.reason()).isEqualTo(EndReason.FIVE_IN_A_ROW);
    }

    @Test
    void fourInARowIsNotAWin() {
        Position position = play("K10 C5 D5 E5 F5", "_ _ _ _");
        assertThat(position.status()).isEqualTo(Status.ONGOING);
        assertThat(position.reason()).isNull();
    }

    @Test
    void theFifthPairWinsWithStonesStillOnTheBoard() {
        StringBuilder white = new StringBuilder("K10");
        StringBuilder black = new StringBuilder();
        for (String col : new String[]{"B", "D", "F", "H", "K"}) {
            white.append(' ').append(col).append("8 ").append(col).append('5');
            black.append(' ').append(col).append("6 ").append(col).append('7');
        }
        Position position = play(white.toString(), black.toString());
        assertThat(position.capturedPairs(Color.WHITE)).isEqualTo(5);
        assertThat(position.status()).isEqualTo(Status.WHITE_WINS);
        assertThat(position.reason()).isEqualTo(EndReason.FIVE_CAPTURES);
        assertThat(position.points(Color.WHITE)).isEqualTo(5);
        assertThat(position.stoneCount()).isGreaterThan(0);
        assertThat(position.toMove()).isEqualTo(Color.BLACK);
    }

    @Test
    void aFullBoardWithoutAWinnerIsADraw() {
        // Stripes (col + 2 row) mod 5 < 2 hold no five in any direction; C1 fills the board without a capture.
        int last = p("C1");
        java.util.List<Integer> white = new java.util.ArrayList<>();
        java.util.List<Integer> black = new java.util.ArrayList<>();
        for (int point = 0; point < Board.POINTS; point++) {
            if (point != last) {
                ((Board.col(point) + 2 * Board.row(point)) % 5 < 2 ? white : black).add(point);
            }
        }
        Position position = Position.setUp(white.stream().mapToInt(i -> i).toArray(),
                black.stream().mapToInt(i -> i).toArray(), Color.BLACK);
        assertThat(position.stoneCount()).isEqualTo(Board.POINTS - 1);
        position.play(last);
        assertThat(position.capturedPairs(Color.BLACK)).isZero();
        assertThat(position.status()).isEqualTo(Status.DRAW);
        assertThat(position.reason()).isEqualTo(EndReason.BOARD_FULL);
        position.undo();
        assertThat(position.status()).isEqualTo(Status.ONGOING);
    }

    @Test
    void capturesDoNotWrapAroundEdges() {
        // Stones at the right end of row 5 and the left end of row 6 are neighbours in memory, not on the board.
        Position position = Position.setUp(new int[]{p("R5"), p("B6")}, new int[]{p("S5"), p("A6")}, Color.WHITE);
        position.play(p("C6"));
        assertThat(position.capturedPairs(Color.WHITE)).isZero();
        assertThat(position.stoneAt(p("A6"))).isEqualTo(Color.BLACK);
        assertThat(position.stoneAt(p("S5"))).isEqualTo(Color.BLACK);
    }

    @Test
    void capturesWorkAlongTheEdgesAndIntoCorners() {
        // Along the A file: A4 flanks A3-A2 against the corner stone A1.
        Position edge = Position.setUp(new int[]{p("A1")}, new int[]{p("A2"), p("A3")}, Color.WHITE);
        edge.play(p("A4"));
        assertThat(edge.capturedPairs(Color.WHITE)).isEqualTo(1);
        assertThat(edge.isEmpty(p("A2"))).isTrue();
        // Along the diagonal into the T19 corner.
        Position corner = Position.setUp(new int[]{p("T19")}, new int[]{p("S18"), p("R17")}, Color.WHITE);
        corner.play(p("Q16"));
        assertThat(corner.capturedPairs(Color.WHITE)).isEqualTo(1);
        assertThat(corner.isEmpty(p("S18"))).isTrue();
        // A pair against the edge with nothing beyond it cannot be taken.
        Position none = Position.setUp(new int[]{p("K15")}, new int[]{p("S1"), p("T1")}, Color.WHITE);
        none.play(p("R1"));
        assertThat(none.capturedPairs(Color.WHITE)).isZero();
    }

    @Test
    void fivesDoNotWrapAroundEdges() {
        // Q5 R5 S5 T5 on row 5 and A6 on row 6 are contiguous in a naive array; they are not a five.
        Position position = Position.setUp(new int[]{p("Q5"), p("R5"), p("S5"), p("A6")}, new int[]{p("K15"), p("L15")}, Color.WHITE);
        position.play(p("B6"));
        assertThat(position.status()).isEqualTo(Status.ONGOING);
        Position top = Position.setUp(new int[]{p("K19"), p("K18"), p("K17"), p("K1")}, new int[]{p("A10")}, Color.WHITE);
        top.play(p("K2"));
        assertThat(top.status()).isEqualTo(Status.ONGOING);
        Position edge = Position.setUp(new int[]{p("T19"), p("T18"), p("T17"), p("T16")}, new int[]{p("A10")}, Color.WHITE);
        edge.play(p("T15"));
        assertThat(edge.status()).isEqualTo(Status.WHITE_WINS);
    }

    @Test
    void undoRestoresCapturesAndResult() {
        Position position = play("K10 _ N10", "L10 M10");
        position.undo();
        assertThat(position.stoneAt(p("L10"))).isEqualTo(Color.BLACK);
        assertThat(position.stoneAt(p("M10"))).isEqualTo(Color.BLACK);
        assertThat(position.isEmpty(p("N10"))).isTrue();
        assertThat(position.capturedPairs(Color.WHITE)).isZero();
        assertThat(position.toMove()).isEqualTo(Color.WHITE);
        Position won = play("K10 C5 D5 E5 F5 G5", "_ _ _ _ _");
        won.undo();
        assertThat(won.status()).isEqualTo(Status.ONGOING);
        assertThat(won.reason()).isNull();
        assertThat(won.check(p("G5"))).isNull();
    }

    @Test
    void theSamePositionReachedTwoWaysHasTheSameHash() {
        Position a = play("K10 N10 C3", "L11 L12");
        Position b = play("K10 C3 N10", "L12 L11");
        assertThat(a.hash()).isEqualTo(b.hash());
        Position c = play("K10 N10 C3", "L11 L13");
        assertThat(c.hash()).isNotEqualTo(a.hash());
    }
}

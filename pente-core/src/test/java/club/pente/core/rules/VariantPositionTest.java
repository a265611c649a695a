package club.pente.core.rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static club.pente.core.rules.Games.p;
import static club.pente.core.rules.Games.play;
import static org.assertj.core.api.Assertions.assertThat;

/** Hand-built cases for Keryo and Gomoku, each beside what Pente does with the same moves. */
class VariantPositionTest {

    /** Five columns, each: White at row 8, Black 5-6-7, White takes them with row 4 (a trio in Keryo). */
    private static final String[] COLUMNS = {"B", "D", "F", "H", "K"};

    @Test
    void theVariantIsKeptAndTheOldFormsArePente() {
        assertThat(new Position().variant()).isEqualTo(Variant.PENTE);
        assertThat(new Position(null).variant()).isEqualTo(Variant.PENTE);
        assertThat(Position.of(Board.CENTRE).variant()).isEqualTo(Variant.PENTE);
        assertThat(Position.of(Variant.KERYO, Board.CENTRE).variant()).isEqualTo(Variant.KERYO);
        assertThat(Position.setUp(new int[]{p("A1")}, new int[0], Color.BLACK).variant()).isEqualTo(Variant.PENTE);
        Position gomoku = Position.setUp(Variant.GOMOKU, new int[]{p("A1")}, new int[]{p("A2")}, Color.WHITE);
        assertThat(gomoku.variant()).isEqualTo(Variant.GOMOKU);
        assertThat(gomoku.capturedStones(Color.WHITE)).isZero();
    }

    @Test
    void theSameStonesInAnotherVariantHashApart() {
        long pente = Position.of(Variant.PENTE, p("K10"), p("L11")).hash();
        long keryo = Position.of(Variant.KERYO, p("K10"), p("L11")).hash();
        long gomoku = Position.of(Variant.GOMOKU, p("K10"), p("L11")).hash();
        assertThat(pente).isNotEqualTo(keryo).isNotEqualTo(gomoku);
        assertThat(keryo).isNotEqualTo(gomoku);
    }

    @Test
    void penteCapturedStonesAreTwoPerPair() {
        Position position = play("K10 _ N10", "L10 M10");
        assertThat(position.capturedPairs(Color.WHITE)).isEqualTo(1);
        assertThat(position.capturedStones(Color.WHITE)).isEqualTo(2);
        assertThat(position.capturedStones(Color.BLACK)).isZero();
    }

    @Test
    void penteATrioIsNotTakenAndTheBrokenFourStillWins() {
        // The Keryo case below: in Pente D4 takes nothing and Black completes C5-G5.
        Position position = play("K10 D8 _ _ _ _ D4", "C5 D5 D6 D7 E5 F5");
        assertThat(position.capturedStones(Color.WHITE)).isZero();
        position.play(p("G5"));
        assertThat(position.status()).isEqualTo(Status.BLACK_WINS);
    }

    @Test
    void keryoFlankingThreeCapturesThem() {
        Position position = play(Variant.KERYO, "K10 _ _ O10", "L10 M10 N10");
        for (String point : new String[]{"L10", "M10", "N10"}) {
            assertThat(position.isEmpty(p(point))).as(point).isTrue();
        }
        assertThat(position.capturedPairs(Color.WHITE)).as("captures").isEqualTo(1);
        assertThat(position.capturedStones(Color.WHITE)).isEqualTo(3);
        assertThat(position.stones(Color.BLACK)).isZero();
        assertThat(position.points(Color.WHITE)).isEqualTo(1);
        assertThat(position.capturedAt(position.ply())).containsExactly(p("N10"), p("M10"), p("L10"));
    }

    @Test
    void keryoFlankingTwoStillCaptures() {
        Position position = play(Variant.KERYO, "K10 _ N10", "L10 M10");
        assertThat(position.capturedStones(Color.WHITE)).isEqualTo(2);
        assertThat(position.capturedPairs(Color.WHITE)).isEqualTo(1);
        assertThat(position.capturedAt(position.ply())).containsExactlyInAnyOrder(p("L10"), p("M10"));
    }

    @Test
    void keryoFourFlankedAndOneFlankedAreSafe() {
        Position four = play(Variant.KERYO, "K10 _ _ _ P10", "L10 M10 N10 O10");
        assertThat(four.capturedStones(Color.WHITE)).isZero();
        assertThat(four.stones(Color.BLACK)).isEqualTo(4);
        Position one = play(Variant.KERYO, "K10 _ M10", "L10 _");
        assertThat(one.stoneAt(p("L10"))).isEqualTo(Color.BLACK);
    }

    @Test
    void keryoMovingIntoATrioFlankIsSafe() {
        // Black's N10 completes L10-M10-N10 between White's K10 and O10 itself.
        Position position = play(Variant.KERYO, "K10 O10 _", "L10 M10 N10");
        assertThat(position.stones(Color.BLACK)).isEqualTo(3);
        assertThat(position.capturedStones(Color.WHITE)).isZero();
    }

    @Test
    void keryoOneMoveTakesPairsAndTriosTogether() {
        // O10 flanks P10-Q10 (east, against R10), O11-O12-O13 (north, against O14) and N9-M8 (south-west, against L7).
        Position position = play(Variant.KERYO, "K10 R10 O14 L7 _ _ _ O10", "P10 Q10 O11 O12 O13 N9 M8");
        assertThat(position.capturedPairs(Color.WHITE)).as("captures").isEqualTo(3);
        assertThat(position.capturedStones(Color.WHITE)).isEqualTo(2 + 3 + 2);
        assertThat(position.capturedAt(position.ply())).containsExactlyInAnyOrder(
                p("P10"), p("Q10"), p("O11"), p("O12"), p("O13"), p("N9"), p("M8"));
        assertThat(position.stones(Color.BLACK)).isZero();
        assertThat(position.points(Color.WHITE)).isEqualTo(3);
    }

    @Test
    void keryoTheFifteenthStoneWinsWithStonesStillOnTheBoard() {
        Position position = play(Variant.KERYO, "K10 _" + trioColumnsWhite(5).substring(3),
                "_ " + trioColumnsBlack(5));
        assertThat(position.capturedStones(Color.WHITE)).isEqualTo(15);
        assertThat(position.capturedPairs(Color.WHITE)).isEqualTo(5);
        assertThat(position.status()).isEqualTo(Status.WHITE_WINS);
        assertThat(position.reason()).isEqualTo(EndReason.FIVE_CAPTURES);
        assertThat(position.points(Color.WHITE)).isEqualTo(5);
        assertThat(position.stones(Color.BLACK)).isEqualTo(1);
        assertThat(position.stoneCount()).isGreaterThan(0);
        position.undo();
        assertThat(position.status()).isEqualTo(Status.ONGOING);
        assertThat(position.capturedStones(Color.WHITE)).isEqualTo(12);
        assertThat(position.capturedPairs(Color.WHITE)).isEqualTo(4);
    }

    @Test
    void keryoFivePairsAreNotAWin() {
        Position position = play(Variant.KERYO, pairColumnsWhite(), pairColumnsBlack());
        assertThat(position.capturedPairs(Color.WHITE)).isEqualTo(5);
        assertThat(position.capturedStones(Color.WHITE)).isEqualTo(10);
        assertThat(position.status()).isEqualTo(Status.ONGOING);
        Position pente = play(Variant.PENTE, pairColumnsWhite(), pairColumnsBlack());
        assertThat(pente.status()).isEqualTo(Status.WHITE_WINS);
    }

    @Test
    void keryoFourteenStonesAreNotEnough() {
        // Four trios (12) and a pair (2).
        Position position = play(Variant.KERYO, trioColumnsWhite(4) + " N8 N5", trioColumnsBlack(4) + " N6 N7");
        assertThat(position.capturedStones(Color.WHITE)).isEqualTo(14);
        assertThat(position.capturedPairs(Color.WHITE)).isEqualTo(5);
        assertThat(position.status()).isEqualTo(Status.ONGOING);
        // The next pair makes 16: a capture win even past 15.
        position.play(p("A19"));
        for (String move : new String[]{"Q8", "Q6", "A17", "Q7", "Q5"}) {
            position.play(p(move));
        }
        assertThat(position.capturedStones(Color.WHITE)).isEqualTo(16);
        assertThat(position.status()).isEqualTo(Status.WHITE_WINS);
        assertThat(position.reason()).isEqualTo(EndReason.FIVE_CAPTURES);
    }

    @Test
    void keryoATrioCaptureBreaksTheOpponentsFour() {
        // Black C5-F5 is a four; D4 takes D5-D6-D7 against D8, leaving C5 _ E5 F5.
        Position position = play(Variant.KERYO, "K10 D8 _ _ _ _ D4", "C5 D5 D6 D7 E5 F5");
        assertThat(position.capturedStones(Color.WHITE)).isEqualTo(3);
        assertThat(position.isEmpty(p("D5"))).isTrue();
        position.play(p("G5"));
        assertThat(position.status()).isEqualTo(Status.ONGOING);
    }

    @Test
    void keryoFiveInARowWinsAndDecidesBeforeTheFifteenthStone() {
        // Four trios (12 stones) while White builds L12-O12; P12 takes P13-P14-P15 (against P16) and makes five.
        String white = "K10 B8 L12 B4 D8 M12 D4 F8 N12 F4 H8 O12 H4 P16 _ P12";
        String black = "B5 B6 B7 D5 D6 D7 F5 F6 F7 H5 H6 H7 P13 P14 P15";
        Position position = play(Variant.KERYO, white, black);
        assertThat(position.capturedStones(Color.WHITE)).isEqualTo(15);
        assertThat(position.status()).isEqualTo(Status.WHITE_WINS);
        assertThat(position.reason()).isEqualTo(EndReason.FIVE_IN_A_ROW);
        assertThat(position.points(Color.WHITE)).isEqualTo(5 + 5);
    }

    @Test
    void keryoUndoPutsATrioBackExactly() {
        Position position = play(Variant.KERYO, "K10 _ _", "L10 M10 N10");
        long hash = position.hash();
        position.play(p("O10"));
        assertThat(position.capturedStones(Color.WHITE)).isEqualTo(3);
        assertThat(position.hash()).isNotEqualTo(hash);
        position.undo();
        assertThat(position.hash()).isEqualTo(hash);
        for (String point : new String[]{"L10", "M10", "N10"}) {
            assertThat(position.stoneAt(p(point))).as(point).isEqualTo(Color.BLACK);
        }
        assertThat(position.capturedStones(Color.WHITE)).isZero();
        assertThat(position.capturedPairs(Color.WHITE)).isZero();
        assertThat(position.stones(Color.BLACK)).isEqualTo(3);
        assertThat(position.isEmpty(p("O10"))).isTrue();
    }

    @Test
    void keryoTheSamePositionAfterATrioCaptureHasTheSameHashWhicheverOrder() {
        Position a = play(Variant.KERYO, "K10 _ _ O10 C3", "L10 M10 N10 R15");
        Position b = play(Variant.KERYO, "K10 C3 _ _ O10", "N10 R15 M10 L10");
        assertThat(a.capturedStones(Color.WHITE)).isEqualTo(3);
        assertThat(b.capturedStones(Color.WHITE)).isEqualTo(3);
        assertThat(a.hash()).isEqualTo(b.hash());
        Position pente = play(Variant.PENTE, "K10 _ _ O10 C3", "L10 M10 N10 R15");
        assertThat(pente.hash()).isNotEqualTo(a.hash());
    }

    @Test
    void keryoTriosAlongTheEdgesAndIntoCornersButNotAroundThem() {
        Position file = Position.setUp(Variant.KERYO, new int[]{p("A1")}, new int[]{p("A2"), p("A3"), p("A4")}, Color.WHITE);
        file.play(p("A5"));
        assertThat(file.capturedStones(Color.WHITE)).isEqualTo(3);
        Position corner = Position.setUp(Variant.KERYO, new int[]{p("T19")}, new int[]{p("S18"), p("R17"), p("Q16")}, Color.WHITE);
        corner.play(p("P15"));
        assertThat(corner.capturedAt(corner.ply())).containsExactly(p("Q16"), p("R17"), p("S18"));
        // R5-S5-T5 run into the edge; A6 lies after T5 in a naive array, not on the board's line.
        Position edge = Position.setUp(Variant.KERYO, new int[]{p("A6"), p("K15")}, new int[]{p("R5"), p("S5"), p("T5")}, Color.WHITE);
        edge.play(p("Q5"));
        assertThat(edge.capturedStones(Color.WHITE)).isZero();
        assertThat(edge.stones(Color.BLACK)).isEqualTo(3);
    }

    @Test
    void keryoTheTournamentRuleHolds() {
        Position position = play(Variant.KERYO, "K10", "A19");
        assertThat(position.check(p("L11"))).isEqualTo(MoveError.TOURNAMENT_RULE);
    }

    @Test
    void gomokuNothingIsEverCaptured() {
        Position pair = play(Variant.GOMOKU, "K10 _ N10", "L10 M10");
        assertThat(pair.stoneAt(p("L10"))).isEqualTo(Color.BLACK);
        assertThat(pair.stoneAt(p("M10"))).isEqualTo(Color.BLACK);
        Position trio = play(Variant.GOMOKU, "K10 _ _ O10", "L10 M10 N10");
        assertThat(trio.stones(Color.BLACK)).isEqualTo(3);
        for (Position position : new Position[]{pair, trio}) {
            assertThat(position.capturedPairs(Color.WHITE)).isZero();
            assertThat(position.capturedStones(Color.WHITE)).isZero();
            assertThat(position.capturedAt(position.ply())).isEmpty();
        }
    }

    @Test
    void gomokuFivePairsFlankedWinNothing() {
        Position position = play(Variant.GOMOKU, pairColumnsWhite(), pairColumnsBlack());
        assertThat(position.status()).isEqualTo(Status.ONGOING);
        assertThat(position.stones(Color.BLACK)).isEqualTo(10);
    }

    @Test
    void gomokuThereIsNoTournamentRuleButTheFirstStoneIsOnTheCentre() {
        Position start = new Position(Variant.GOMOKU);
        assertThat(start.check(p("K11"))).isEqualTo(MoveError.FIRST_MOVE_NOT_CENTRE);
        Position position = play(Variant.GOMOKU, "K10", "A19");
        assertThat(position.check(p("L11"))).isNull();
        position.play(p("L11"));
        assertThat(position.stoneAt(p("L11"))).isEqualTo(Color.WHITE);
    }

    @Test
    void gomokuFiveAndOverlinesWin() {
        Position five = play(Variant.GOMOKU, "K10 C5 D5 E5 F5 G5", "_ _ _ _ _");
        assertThat(five.status()).isEqualTo(Status.WHITE_WINS);
        assertThat(five.reason()).isEqualTo(EndReason.FIVE_IN_A_ROW);
        assertThat(five.points(Color.WHITE)).isEqualTo(5);
        Position overline = play(Variant.GOMOKU, "K10 C5 D5 E5 G5 H5 F5", "_ _ _ _ _ _");
        assertThat(overline.status()).isEqualTo(Status.WHITE_WINS);
        Position four = play(Variant.GOMOKU, "K10 C5 D5 E5 F5", "_ _ _ _");
        assertThat(four.status()).isEqualTo(Status.ONGOING);
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void triaAndTesseraAreAnnouncedAlikeInEveryVariant(Variant variant) {
        assertThat(Announcements.ofLastMove(play(variant, "K10 C5 D5 E5", "_ _ _"))).containsExactly(Announcement.TRIA);
        assertThat(Announcements.ofLastMove(play(variant, "K10 C5 D5 E5 F5", "B5 _ _ _")))
                .containsExactly(Announcement.TESSERA);
        assertThat(Announcements.ofLastMove(play(variant, "K10 C5 D5 E5", "B5 _ _"))).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void aFullBoardWithoutAWinnerIsADrawInEveryVariant(Variant variant) {
        int last = p("C1");
        java.util.List<Integer> white = new java.util.ArrayList<>();
        java.util.List<Integer> black = new java.util.ArrayList<>();
        for (int point = 0; point < Board.POINTS; point++) {
            if (point != last) {
                ((Board.col(point) + 2 * Board.row(point)) % 5 < 2 ? white : black).add(point);
            }
        }
        Position position = Position.setUp(variant, white.stream().mapToInt(i -> i).toArray(),
                black.stream().mapToInt(i -> i).toArray(), Color.BLACK);
        position.play(last);
        assertThat(position.capturedStones(Color.BLACK)).isZero();
        assertThat(position.status()).isEqualTo(Status.DRAW);
        assertThat(position.reason()).isEqualTo(EndReason.BOARD_FULL);
    }

    private static String trioColumnsWhite(int columns) {
        StringBuilder white = new StringBuilder("K10");
        for (int i = 0; i < columns; i++) {
            String col = COLUMNS[i];
            white.append(' ').append(col).append("8 _ ").append(col).append('4');
        }
        return white.toString();
    }

    private static String trioColumnsBlack(int columns) {
        StringBuilder black = new StringBuilder();
        for (int i = 0; i < columns; i++) {
            String col = COLUMNS[i];
            black.append(' ').append(col).append("5 ").append(col).append("6 ").append(col).append('7');
        }
        return black.toString().strip();
    }

    /** Five pairs taken in Pente and Keryo: White at rows 8 and 5 around Black's 6-7 (the Pente test's game). */
    private static String pairColumnsWhite() {
        StringBuilder white = new StringBuilder("K10");
        for (String col : COLUMNS) {
            white.append(' ').append(col).append("8 ").append(col).append('5');
        }
        return white.toString();
    }

    private static String pairColumnsBlack() {
        StringBuilder black = new StringBuilder();
        for (String col : COLUMNS) {
            black.append(' ').append(col).append("6 ").append(col).append('7');
        }
        return black.toString().strip();
    }
}

package club.pente.core.notation;

import club.pente.core.rules.Board;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NotationTest {

    @Test
    void everyPointRoundTrips() {
        for (int point = 0; point < Board.POINTS; point++) {
            assertThat(Notation.parse(Notation.format(point))).isEqualTo(point);
        }
    }

    @Test
    void cornersAndCentre() {
        assertThat(Notation.format(Board.CENTRE)).isEqualTo("K10");
        assertThat(Notation.format(0)).isEqualTo("A1");
        assertThat(Notation.format(Board.point(18, 18))).isEqualTo("T19");
        assertThat(Notation.parse("h8")).isEqualTo(Board.point(7, 7));
        assertThat(Notation.parse(" J9 ")).isEqualTo(Board.point(8, 8));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "I5|there is no column I",
            "U5|not one of A-T",
            "K0|not a number from 1 to 19",
            "K20|off the board",
            "K|missing row",
            "K1O|not a number",
            "10K|not one of A-T",
            "K-1|not a number",
            "K007|not a number",
    })
    void badPointsAreRefusedWithAReason(String text, String reason) {
        assertThatThrownBy(() -> Notation.parse(text)).isInstanceOf(NotationException.class).hasMessageContaining(reason);
    }

    @Test
    void emptyIsRefused() {
        assertThatThrownBy(() -> Notation.parse(" ")).hasMessageContaining("empty point");
    }

    @Test
    void moveListsSplitOnSpacesCommasAndNewlinesAndSkipComments() {
        String text = "K10, L11  # opening\n  N10,M9\n# whole line comment\r\nA1";
        assertThat(MoveList.tokens(text)).isEqualTo(List.of("K10", "L11", "N10", "M9", "A1"));
        assertThat(MoveList.tokens("")).isEmpty();
    }

    @Test
    void replayFollowsTheVariant() {
        String moves = "K10 L10 A1 M10 C1 N10 O10";
        assertThat(Replay.of(moves).position().variant()).isEqualTo(club.pente.core.rules.Variant.PENTE);
        assertThat(Replay.of(moves).position().stoneCount()).isEqualTo(7);
        Replay.Outcome keryo = Replay.of(club.pente.core.rules.Variant.KERYO, moves);
        assertThat(keryo.failed()).isFalse();
        assertThat(keryo.position().variant()).isEqualTo(club.pente.core.rules.Variant.KERYO);
        assertThat(keryo.position().stoneCount()).isEqualTo(4);
        Replay.Outcome gomoku = Replay.of(club.pente.core.rules.Variant.GOMOKU, List.of("K10", "A19", "L11"));
        assertThat(gomoku.failed()).isFalse();
        assertThat(Replay.of(List.of("K10", "A19", "L11")).badPly()).isEqualTo(3);
    }
}

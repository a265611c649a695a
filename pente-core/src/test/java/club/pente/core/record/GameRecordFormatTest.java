package club.pente.core.record;

import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.core.rules.Variant;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GameRecordFormatTest {

    @Test
    void aRecordRoundTrips() {
        List<String> moves = new ArrayList<>();
        for (int i = 0; i < 41; i++) {
            moves.add(i % 2 == 0 ? "K10" : "A" + (i % 19 + 1));
        }
        GameRecord record = new GameRecord("Ranked game", "alice \"the\" first", "ai:5", LocalDate.of(2026, 11, 30),
                Status.WHITE_WINS, EndReason.FIVE_CAPTURES, "600+5", moves);
        String text = GameRecordFormat.write(record);
        assertThat(GameRecordFormat.read(text)).isEqualTo(record);
        assertThat(text).contains("[White \"alice \\\"the\\\" first\"]").contains("1. K10 A2 2. K10 A4");
    }

    @Test
    void anOngoingUntimedRecordRoundTrips() {
        GameRecord record = new GameRecord(null, "guest:1", "bob", null, Status.ONGOING, null, "-", List.of());
        assertThat(GameRecordFormat.read(GameRecordFormat.write(record))).isEqualTo(record);
    }

    @Test
    void theReaderAcceptsLowerCaseMovesCommentsAndMissingNumbers() {
        String text = """
                [White "a"]
                [Black "b"]
                [Result "BLACK_WINS"]
                [Reason "RESIGNATION"]
                # a comment
                1. k10 l11 n10   # white avoids the centre
                m9
                """;
        GameRecord record = GameRecordFormat.read(text);
        assertThat(record.moves()).containsExactly("K10", "L11", "N10", "M9");
        assertThat(record.result()).isEqualTo(Status.BLACK_WINS);
        assertThat(record.reason()).isEqualTo(EndReason.RESIGNATION);
    }

    @Test
    void aKeryoRecordRoundTripsWithItsVariant() {
        GameRecord record = new GameRecord("Tournament game", "alice", "bob", LocalDate.of(2026, 12, 2),
                Status.WHITE_WINS, EndReason.FIVE_CAPTURES, "3d", List.of("K10", "L10", "A1"), Variant.KERYO);
        String text = GameRecordFormat.write(record);
        assertThat(text).contains("[Variant \"keryo\"]\n");
        assertThat(GameRecordFormat.read(text)).isEqualTo(record);
        for (Variant variant : Variant.values()) {
            GameRecord other = new GameRecord(null, "a", "b", null, Status.ONGOING, null, "-", List.of("K10"), variant);
            assertThat(GameRecordFormat.read(GameRecordFormat.write(other)).variant()).isEqualTo(variant);
        }
    }

    @Test
    void aRecordWithoutAVariantIsPenteAndTheHeaderIsReadInAnyCase() {
        assertThat(GameRecordFormat.read("[White \"a\"]\n[Black \"b\"]\n1. K10").variant()).isEqualTo(Variant.PENTE);
        assertThat(GameRecordFormat.read("[White \"a\"]\n[Black \"b\"]\n[Variant \"GOMOKU\"]\n").variant())
                .isEqualTo(Variant.GOMOKU);
        assertThat(GameRecordFormat.write(new GameRecord(null, "a", "b", null, Status.ONGOING, null, "-", List.of())))
                .contains("[Variant \"pente\"]");
        assertThatThrownBy(() -> GameRecordFormat.read("[White \"a\"]\n[Black \"b\"]\n[Variant \"chess\"]\n"))
                .isInstanceOf(RecordFormatException.class).hasMessageContaining("Variant 'chess'");
    }

    @Test
    void badRecordsAreRefusedWithTheLine() {
        assertThatThrownBy(() -> GameRecordFormat.read("[White \"a\"]\n[Black \"b\"]\n\n1. K10 Z9"))
                .isInstanceOf(RecordFormatException.class).hasMessageContaining("line 4").hasMessageContaining("Z9");
        assertThatThrownBy(() -> GameRecordFormat.read("[White \"a\"]\n1. K10"))
                .hasMessageContaining("missing header [Black");
        assertThatThrownBy(() -> GameRecordFormat.read("[White \"a\"]\n[Black \"b\"]\n[Result \"WON\"]"))
                .hasMessageContaining("Result 'WON'");
        assertThatThrownBy(() -> GameRecordFormat.read("[White a]\n"))
                .hasMessageContaining("line 1");
    }
}

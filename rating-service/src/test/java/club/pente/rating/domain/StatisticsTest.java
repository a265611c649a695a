package club.pente.rating.domain;

import club.pente.core.rules.EndReason;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class StatisticsTest {

    @Test
    void percentagesHaveOneDecimalRoundedHalfUp() {
        // 3 + 2 + 1 = 6 games: 300/6 = 50.0, 200/6 = 33.33.. -> 33.3, 100/6 = 16.66.. -> 16.7.
        Statistics s = Statistics.of(3, 2, 1, Map.of(EndReason.FIVE_IN_A_ROW, 4L, EndReason.BOARD_FULL, 1L, EndReason.TIMEOUT, 1L));
        assertThat(s.games()).isEqualTo(6);
        assertThat(s.whiteWinPercent()).isEqualTo(50.0);
        assertThat(s.blackWinPercent()).isEqualTo(33.3);
        assertThat(s.drawPercent()).isEqualTo(16.7);
        assertThat(s.byReason()).containsExactly(Map.entry("FIVE_IN_A_ROW", 4L), Map.entry("FIVE_CAPTURES", 0L),
                Map.entry("RESIGNATION", 0L), Map.entry("TIMEOUT", 1L), Map.entry("BOARD_FULL", 1L), Map.entry("ABANDONMENT", 0L),
                Map.entry("AGREEMENT", 0L), Map.entry("NO_SHOW", 0L));
        // 1/8 = 12.5 exactly; 1/16 = 6.25 -> 6.3 (half up); 1/3 = 33.3; 2/3 = 66.7.
        assertThat(Statistics.percent(1, 8)).isEqualTo(12.5);
        assertThat(Statistics.percent(1, 16)).isEqualTo(6.3);
        assertThat(Statistics.percent(2, 3)).isEqualTo(66.7);
    }

    @Test
    void noGamesMeansZeroPercent() {
        Statistics s = Statistics.of(0, 0, 0, Map.of());
        assertThat(s.games()).isZero();
        assertThat(s.whiteWinPercent()).isZero();
        assertThat(s.byReason()).hasSize(8).allSatisfy((reason, n) -> assertThat(n).isZero());
    }
}

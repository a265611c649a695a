package club.pente.ai.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The clock arithmetic alone: no search, no waiting. */
class TimeManagerTest {
    @ParameterizedTest
    @CsvSource({
            // remaining, increment, moves played, preferred
            "600000, 0, 0, 1500",
            "600000, 5000, 20, 1500",
            "60000, 0, 10, 1500",
            "5000, 0, 40, 1500",
            "2000, 2000, 30, 5000",
            "700, 0, 60, 1500",
            "320, 0, 60, 1500",
            "0, 0, 60, 1500",
            "-50, 1000, 60, 1500",
    })
    void neverPlansBeyondTheClock(long remaining, long increment, int moves, long preferred) {
        Budget budget = TimeManager.allocate(remaining, increment, moves, preferred);
        assertThat(budget.hardMillis()).isGreaterThanOrEqualTo(budget.millis());
        assertThat(budget.millis()).isGreaterThanOrEqualTo(TimeManager.MIN_MILLIS);
        if (remaining > TimeManager.reserve(remaining) + TimeManager.MIN_MILLIS) {
            // The hard cap keeps the reserve (overhead + a twentieth) on the clock.
            assertThat(budget.hardMillis()).isLessThanOrEqualTo(remaining - TimeManager.reserve(remaining));
        } else {
            assertThat(budget.hardMillis()).isEqualTo(TimeManager.MIN_MILLIS);
        }
    }

    @Test
    void aLongClockThinksLongerThanTheLevelButBoundedByIt() {
        Budget budget = TimeManager.allocate(30 * 60_000, 0, 0, 1500);
        assertThat(budget.millis()).isEqualTo(1500 * TimeManager.MAX_OVER_PREFERRED);
        assertThat(budget.hardMillis()).isEqualTo(budget.millis() * TimeManager.HARD_OVER_TARGET);
    }

    @Test
    void aShortClockSharesTheTimeLeftOverTheMovesToGo() {
        // 60 s left after 10 moves: 3300 ms reserved, 56700 over 25 moves = 2268, under 3 x 1500.
        Budget budget = TimeManager.allocate(60_000, 0, 10, 1500);
        assertThat(TimeManager.movesToGo(10)).isEqualTo(25);
        assertThat(budget.millis()).isEqualTo(56_700 / 25);
        assertThat(budget.hardMillis()).isEqualTo(budget.millis() * 3);
    }

    @Test
    void theIncrementIsMostlySpent() {
        long without = TimeManager.allocate(20_000, 0, 30, 5000).millis();
        long with = TimeManager.allocate(20_000, 4000, 30, 5000).millis();
        assertThat(with - without).isEqualTo(3000);
    }

    @Test
    void lessTimeLeftNeverMeansMoreTimePlanned() {
        long previous = Long.MAX_VALUE;
        for (long remaining = 300_000; remaining >= 0; remaining -= 1_000) {
            Budget budget = TimeManager.allocate(remaining, 0, 20, 1500);
            assertThat(budget.millis()).as("remaining %d", remaining).isLessThanOrEqualTo(previous);
            previous = budget.millis();
        }
    }

    @Test
    void laterInTheGameFewerMovesToGoDownToAFloor() {
        assertThat(TimeManager.movesToGo(0)).isEqualTo(TimeManager.MOVES_TO_GO_AT_START);
        assertThat(TimeManager.movesToGo(10)).isLessThan(TimeManager.movesToGo(0));
        assertThat(TimeManager.movesToGo(500)).isEqualTo(TimeManager.MIN_MOVES_TO_GO);
    }

    @Test
    void theClockBudgetIsTheTimeManagers() {
        assertThat(Budget.clock(60_000, 0, 10, 1500)).isEqualTo(TimeManager.allocate(60_000, 0, 10, 1500));
    }

    @Test
    void refusesNonsense() {
        assertThatThrownBy(() -> TimeManager.allocate(1000, -1, 0, 1500)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TimeManager.allocate(1000, 0, -1, 1500)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TimeManager.allocate(1000, 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}

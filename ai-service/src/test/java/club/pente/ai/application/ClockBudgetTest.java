package club.pente.ai.application;

import club.pente.ai.engine.Budget;
import club.pente.ai.engine.EngineConfig;
import club.pente.ai.gameclient.GameSnapshot;
import club.pente.ai.gameclient.GameSnapshot.MoverClock;
import club.pente.core.contract.Clocks;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Color;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The game's clock as the computer reads it, and the budget it thinks with: arithmetic only. */
class ClockBudgetTest {
    private static final Instant AS_OF = Instant.parse("2026-12-02T06:00:00Z");

    private static GameSnapshot game(String status, int ply, Color toMove, TimeControl control, Clocks clocks) {
        return new GameSnapshot("g1", new PlayerRef("ai:9", "Computer 9"), new PlayerRef("ai:8", "Computer 8"), status, ply, toMove, 3, List.of(),
                false, null, control, clocks, AS_OF);
    }

    @Test
    void theMoversClockKeepsRunningSinceTheView() {
        GameSnapshot game = game("ONGOING", 21, Color.BLACK, new TimeControl(300, 5), new Clocks(90_000, 60_000));
        MoverClock clock = game.moverClock(AS_OF.plusMillis(1_500));
        assertThat(clock).isEqualTo(new MoverClock(58_500, 5_000, 10));
        // A view from the future (clock skew) credits nothing back.
        assertThat(game.moverClock(AS_OF.minusMillis(800)).remainingMillis()).isEqualTo(60_000);
    }

    @Test
    void untimedOrFinishedGamesHaveNoClock() {
        assertThat(game("ONGOING", 4, Color.WHITE, TimeControl.UNTIMED, new Clocks(0, 0)).moverClock(AS_OF)).isNull();
        assertThat(game("WHITE_WON", 9, null, new TimeControl(300, 0), new Clocks(1, 2)).moverClock(AS_OF)).isNull();
        assertThat(new GameSnapshot("g2", new PlayerRef("ai:9", "Computer 9"), new PlayerRef("ai:8", "Computer 8"), "ONGOING", 2, Color.WHITE, 1,
                List.of(), false, null).moverClock(AS_OF)).isNull();
    }

    @Test
    void turnBasedGamesThinkTheLevelsOwnTimeNotDays() {
        // Three days a move: the clock holds days, which must not become the computer's thinking time.
        TimeControl days = TimeControl.daysPerMove(3);
        long threeDays = 3 * 86_400_000L;
        assertThat(game("ONGOING", 6, Color.WHITE, days, new Clocks(threeDays, threeDays)).moverClock(AS_OF)).isNull();
    }

    @Test
    void levelsBelowEightNeverThinkLongerThanTheirOwnTime() {
        long own = EngineConfig.level(5).millis();
        Budget budget = EngineMoveChooser.clockBudget(5, new MoverClock(30 * 60_000, 0, 0));
        assertThat(budget.millis()).isEqualTo(own);
        assertThat(budget.hardMillis()).isEqualTo(own);
        // ... but a short clock cuts them down.
        assertThat(EngineMoveChooser.clockBudget(5, new MoverClock(1_500, 0, 40)).hardMillis()).isLessThan(own);
    }

    @Test
    void theTopLevelsUseALongClock() {
        long own = EngineConfig.level(9).millis();
        Budget budget = EngineMoveChooser.clockBudget(9, new MoverClock(60 * 60_000, 10_000, 0));
        assertThat(budget.millis()).isGreaterThan(own);
        assertThat(budget.hardMillis()).isGreaterThan(budget.millis());
        assertThat(budget.hardMillis()).isLessThan(60 * 60_000 / 4);
    }
}

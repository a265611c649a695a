package club.pente.chaos;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A fault's figures: accepted in the window, until every game accepts again, and the table line. */
class PhaseTest {
    @Test
    void untilEveryGameActiveAtTheKillAcceptedAgain() {
        Phase p = new Phase("game");
        p.killNanos = 1_000_000_000L;
        p.activeAtKill.addAll(List.of("a", "b"));
        p.accepted("a", 500_000_000L); // before the kill: not counted
        p.accepted("a", 2_000_000_000L);
        assertThat(p.secondsUntilAllAccept()).isEqualTo(-1);
        assertThat(p.gamesNotAcceptingYet()).isEqualTo(1);
        p.backNanos = 3_000_000_000L;
        p.accepted("b", 9_000_000_000L);
        p.accepted("c", 2_500_000_000L); // not active at the kill (created after): counts in the window only
        assertThat(p.secondsUntilAllAccept()).isEqualTo(8.0);
        assertThat(p.secondsUntilFirstAccept()).isEqualTo(1.0);
        assertThat(p.acceptedInFaultWindow.get()).isEqualTo(2);
        assertThat(p.secondsBack()).isEqualTo(2.0);
    }

    @Test
    void theTableShowsAGameThatNeverAcceptedAgain() {
        FaultRow row = new FaultRow("game", "game-2 123", 20.5, 1.0, -1, 10, 100, 90, 0, 3, 1, 0, 0, 0, 0, 0, 0, 0, "ok 2/2", "ok 4 matched");
        String table = FaultRow.table(List.of(row));
        assertThat(table).startsWith("fault").contains("never").contains("game-2 123").contains("ok 2/2");
        assertThat(table.lines()).hasSize(2);
    }

    @Test
    void optionsParseTheFaultListAndRefuseUnknownOnes() {
        ChaosOptions o = ChaosOptions.parse(new String[] {"--games", "30", "--faults", "game,kafka", "--scale", "3"}, 2);
        assertThat(o.games()).isEqualTo(30);
        assertThat(o.scale()).isEqualTo(3);
        assertThat(o.faults()).containsExactly(ChaosOptions.Fault.GAME, ChaosOptions.Fault.KAFKA);
        assertThat(ChaosOptions.Fault.GATEWAY.part).isEqualTo("gateway-1");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ChaosOptions.parse(new String[] {"--faults", "disk"}, 2))
                .isInstanceOf(ChaosOptions.UsageException.class).hasMessageContaining("disk");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ChaosOptions.parse(new String[] {"--scale", "1"}, 2))
                .isInstanceOf(ChaosOptions.UsageException.class);
    }
}

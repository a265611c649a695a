package club.pente.rating.domain;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class GameCountTest {
    private static final PlayerRef ALICE = new PlayerRef("kc-alice", "alice");
    private static final PlayerRef BOB = new PlayerRef("kc-bob", "bob");
    private static final PlayerRef GUEST = new PlayerRef("guest:7", "guest");
    private static final PlayerRef COMPUTER = PlayerRef.computer(3);

    @Test
    void onlyRankedGamesBetweenTwoAccountsAreRated() {
        assertThat(GameCount.of(ended(ALICE, BOB, true, Status.WHITE_WINS, EndReason.FIVE_IN_A_ROW))).isEqualTo(GameCount.RATED);
        assertThat(GameCount.of(ended(ALICE, BOB, true, Status.DRAW, EndReason.BOARD_FULL))).isEqualTo(GameCount.RATED);
        assertThat(GameCount.of(ended(ALICE, BOB, false, Status.WHITE_WINS, EndReason.FIVE_IN_A_ROW))).isEqualTo(GameCount.STATISTICS_ONLY);
        assertThat(GameCount.of(ended(ALICE, GUEST, true, Status.WHITE_WINS, EndReason.RESIGNATION))).isEqualTo(GameCount.STATISTICS_ONLY);
        assertThat(GameCount.of(ended(COMPUTER, BOB, true, Status.BLACK_WINS, EndReason.TIMEOUT))).isEqualTo(GameCount.STATISTICS_ONLY);
        assertThat(GameCount.of(ended(ALICE, ALICE, true, Status.WHITE_WINS, EndReason.TIMEOUT))).isEqualTo(GameCount.STATISTICS_ONLY);
    }

    @Test
    void aTournamentNoShowCountsInTheStatisticsButIsNotRated() {
        assertThat(GameCount.of(ended(ALICE, BOB, true, Status.BLACK_WINS, EndReason.NO_SHOW))).isEqualTo(GameCount.STATISTICS_ONLY);
        assertThat(GameCount.of(ended(ALICE, BOB, true, Status.BLACK_WINS, EndReason.TIMEOUT))).isEqualTo(GameCount.RATED);
    }

    @Test
    void abortedGamesNeverCount() {
        assertThat(GameCount.of(ended(ALICE, BOB, true, Status.DRAW, EndReason.ABORTED))).isEqualTo(GameCount.IGNORED);
        assertThat(GameCount.of(ended(GUEST, COMPUTER, false, Status.DRAW, EndReason.ABORTED))).isEqualTo(GameCount.IGNORED);
    }

    private static GameEnded ended(PlayerRef white, PlayerRef black, boolean ranked, Status result, EndReason reason) {
        return new GameEnded(1, "e", "g", 9, Contracts.now(), "c", result, reason, ranked, white, black, 8, PerSide.ZERO, PerSide.ZERO, null);
    }
}

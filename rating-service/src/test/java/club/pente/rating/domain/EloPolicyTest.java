package club.pente.rating.domain;

import club.pente.rating.domain.EloPolicy.Change;
import club.pente.rating.domain.EloPolicy.Outcome;
import club.pente.rating.domain.EloPolicy.Standing;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Exact vectors, computed by hand:
 * <pre>
 *   E(Ra, Rb) = 1 / (1 + 10^((Rb - Ra) / 400))
 *   10^(-100/400) = 10^-0.25 = 0.5623413252  =>  E(1600, 1500) = 1 / 1.5623413252 = 0.6400649998
 *                                                E(1500, 1600) = 1 - 0.6400649998 = 0.3599350002
 *   10^(40/400)   = 10^0.1   = 1.2589254118  =>  E(1480, 1520) = 1 / 2.2589254118 = 0.4426883662
 *   10^(4/400)    = 10^0.01  = 1.0232929923  =>  E(1498, 1502) = 1 / 2.0232929923 = 0.4942437916
 *   10^(-900/400) = 10^-2.25 = 0.0056234133  =>  E(2400, 1500) = 1 / 1.0056234133 = 0.9944080327
 * </pre>
 * Change = K * (S - E), rounded half away from zero.
 */
class EloPolicyTest {
    private static final Standing NEW = Standing.newPlayer();              // 1500, 0 games: provisional
    private static final Standing ESTABLISHED_1600 = new Standing(1600, 30);
    private static final Standing ESTABLISHED_1500 = new Standing(1500, 20); // exactly 20 games: established
    private static final Standing PROVISIONAL_1500 = new Standing(1500, 19); // 19 games: still provisional
    private static final Standing PROVISIONAL_1600 = new Standing(1600, 5);

    @Test
    void newPlayersStartAt1500AndAreProvisionalForTwentyGames() {
        assertThat(NEW.rating()).isEqualTo(1500);
        assertThat(NEW.provisional()).isTrue();
        assertThat(EloPolicy.provisional(19)).isTrue();
        assertThat(EloPolicy.provisional(20)).isFalse();
    }

    @Test
    void expectedScore() {
        assertThat(EloPolicy.expected(1500, 1500)).isEqualTo(0.5);
        assertThat(EloPolicy.expected(1600, 1500)).isCloseTo(0.6400649998, within(1e-10));
        assertThat(EloPolicy.expected(1500, 1600)).isCloseTo(0.3599350002, within(1e-10));
        assertThat(EloPolicy.expected(1480, 1520)).isCloseTo(0.4426883662, within(1e-10));
    }

    @Test
    void provisionalPlayersWinLoseAndDrawWithK40() {
        // Two new players: E = 0.5, K = 40. Win: 40 * (1 - 0.5) = +20; loss: 40 * (0 - 0.5) = -20; draw: 0.
        assertRated(NEW, NEW, Outcome.WIN, 40, 1520);
        assertRated(NEW, NEW, Outcome.LOSS, 40, 1480);
        assertRated(NEW, NEW, Outcome.DRAW, 40, 1500);
        // Rematch 1480 (1 game) v 1520 (1 game), 1480 wins: 40 * (1 - 0.4426883662) = +22.2924654 -> +22 = 1502;
        // 1520 loses: 40 * (0 - 0.5573116338) = -22.2924654 -> -22 = 1498.
        assertRated(new Standing(1480, 1), new Standing(1520, 1), Outcome.WIN, 40, 1502);
        assertRated(new Standing(1520, 1), new Standing(1480, 1), Outcome.LOSS, 40, 1498);
        // Then a draw 1498 v 1502: 40 * (0.5 - 0.4942437916) = +0.2302 -> 0; and -0.2302 -> 0: both unchanged.
        assertRated(new Standing(1498, 2), new Standing(1502, 2), Outcome.DRAW, 40, 1498);
        assertRated(new Standing(1502, 2), new Standing(1498, 2), Outcome.DRAW, 40, 1502);
    }

    @Test
    void establishedPlayersUseK20() {
        // 1600 v 1500, both established, K = 20.
        // 1600 wins: 20 * (1 - 0.6400649998) = +7.1987 -> +7 = 1607; 1500 loses: 20 * (0 - 0.3599350002) = -7.1987 -> -7 = 1493.
        assertRated(ESTABLISHED_1600, ESTABLISHED_1500, Outcome.WIN, 20, 1607);
        assertRated(ESTABLISHED_1500, ESTABLISHED_1600, Outcome.LOSS, 20, 1493);
        // 1600 loses: 20 * (0 - 0.6400649998) = -12.8013 -> -13 = 1587; 1500 wins: +12.8013 -> +13 = 1513.
        assertRated(ESTABLISHED_1600, ESTABLISHED_1500, Outcome.LOSS, 20, 1587);
        assertRated(ESTABLISHED_1500, ESTABLISHED_1600, Outcome.WIN, 20, 1513);
        // Draw: 20 * (0.5 - 0.6400649998) = -2.8013 -> -3 = 1597; 20 * (0.5 - 0.3599350002) = +2.8013 -> +3 = 1503.
        assertRated(ESTABLISHED_1600, ESTABLISHED_1500, Outcome.DRAW, 20, 1597);
        assertRated(ESTABLISHED_1500, ESTABLISHED_1600, Outcome.DRAW, 20, 1503);
    }

    @Test
    void anEstablishedPlayerFacingAProvisionalOneUsesHalfK() {
        // 1600 (established) v 1500 (19 games, provisional): K = 20 / 2 = 10 for the established player,
        // K = 40 for the provisional one whatever the opponent.
        // 1600 wins: 10 * (1 - 0.6400649998) = +3.59935 -> +4 = 1604; 1500 loses: 40 * (0 - 0.3599350002) = -14.3974 -> -14 = 1486.
        assertRated(ESTABLISHED_1600, PROVISIONAL_1500, Outcome.WIN, 10, 1604);
        assertRated(PROVISIONAL_1500, ESTABLISHED_1600, Outcome.LOSS, 40, 1486);
        // Draw: 10 * (0.5 - 0.6400649998) = -1.40065 -> -1 = 1599; 40 * (0.5 - 0.3599350002) = +5.6026 -> +6 = 1506.
        assertRated(ESTABLISHED_1600, PROVISIONAL_1500, Outcome.DRAW, 10, 1599);
        assertRated(PROVISIONAL_1500, ESTABLISHED_1600, Outcome.DRAW, 40, 1506);
        // 1500 established v 1600 provisional (5 games), 1500 wins: 10 * (1 - 0.3599350002) = +6.4006 -> +6 = 1506;
        // 1600 provisional loses: 40 * (0 - 0.6400649998) = -25.6026 -> -26 = 1574.
        assertRated(ESTABLISHED_1500, PROVISIONAL_1600, Outcome.WIN, 10, 1506);
        assertRated(PROVISIONAL_1600, ESTABLISHED_1500, Outcome.LOSS, 40, 1574);
    }

    @Test
    void aRatingNeverMovesAgainstTheResult() {
        // 2400 v 1500, both established: the favourite's win is worth 20 * (1 - 0.9944080327) = +0.1118 -> 0,
        // the underdog's loss -0.1118 -> 0. Neither moves the wrong way.
        assertRated(new Standing(2400, 50), ESTABLISHED_1500, Outcome.WIN, 20, 2400);
        assertRated(ESTABLISHED_1500, new Standing(2400, 50), Outcome.LOSS, 20, 1500);
        // The underdog's win: 20 * (1 - 0.0055919673) = +19.8882 -> +20 = 1520.
        assertRated(ESTABLISHED_1500, new Standing(2400, 50), Outcome.WIN, 20, 1520);
        for (int a = 100; a <= 3000; a += 37) {
            for (int b = 100; b <= 3000; b += 53) {
                for (int games : new int[]{0, 25}) {
                    Standing p = new Standing(a, games);
                    Standing q = new Standing(b, 30 - games);
                    assertThat(EloPolicy.rate(p, q, Outcome.WIN).delta()).isGreaterThanOrEqualTo(0);
                    assertThat(EloPolicy.rate(p, q, Outcome.LOSS).delta()).isLessThanOrEqualTo(0);
                }
            }
        }
    }

    @Test
    void roundingIsHalfAwayFromZero() {
        assertThat(EloPolicy.roundHalfAwayFromZero(2.5)).isEqualTo(3);
        assertThat(EloPolicy.roundHalfAwayFromZero(-2.5)).isEqualTo(-3);
        assertThat(EloPolicy.roundHalfAwayFromZero(2.4999)).isEqualTo(2);
        assertThat(EloPolicy.roundHalfAwayFromZero(-0.4)).isEqualTo(0);
        assertThat(EloPolicy.roundHalfAwayFromZero(0.0)).isEqualTo(0);
    }

    @Test
    void bothSidesOfAGameMirrorEachOtherWhenTheirKIsEqual() {
        for (int a = 1000; a <= 2000; a += 41) {
            for (int b = 1000; b <= 2000; b += 43) {
                Standing p = new Standing(a, 3);
                Standing q = new Standing(b, 7);
                assertThat(EloPolicy.rate(p, q, Outcome.WIN).delta()).isEqualTo(-EloPolicy.rate(q, p, Outcome.LOSS).delta());
                assertThat(EloPolicy.rate(p, q, Outcome.DRAW).delta()).isEqualTo(-EloPolicy.rate(q, p, Outcome.DRAW).delta());
            }
        }
    }

    private static void assertRated(Standing player, Standing opponent, Outcome outcome, int k, int after) {
        Change change = EloPolicy.rate(player, opponent, outcome);
        assertThat(change.k()).as("K").isEqualTo(k);
        assertThat(change.before()).isEqualTo(player.rating());
        assertThat(change.after()).as("rating after a %s of %s against %s", outcome, player, opponent).isEqualTo(after);
    }
}

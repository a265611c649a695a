package club.pente.ai.engine.match;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The Elo estimator on results made by hand, whose answers are known in closed form. */
class EloEstimateTest {
    @Test
    void seventyFivePercentIsAbout191Elo() {
        EloEstimate estimate = new EloEstimate(2);
        estimate.add(0, 1, 100, 25);
        EloEstimate.Result result = estimate.solve(0, 1000, 0);
        assertThat(result.elo()[0]).isEqualTo(1000);
        // 400 log10(3) = 190.85
        assertThat(result.elo()[1] - 1000).isCloseTo(190.85, within(0.01));
        assertThat(EloEstimate.difference(0.75)).isCloseTo(190.85, within(0.01));
        assertThat(result.error()[0]).isZero();
        // Fisher: var = 1 / (n p (1-p)) in natural units; 1.96 * sqrt(1/18.75) / (ln 10 / 400) = 78.6
        assertThat(result.error()[1]).isCloseTo(78.6, within(0.1));
    }

    @Test
    void errorBarsShrinkWithTheSquareRootOfTheGames() {
        EloEstimate few = new EloEstimate(2);
        few.add(0, 1, 40, 30);
        EloEstimate many = new EloEstimate(2);
        many.add(0, 1, 4000, 3000);
        double a = few.solve(1, 1000, 0).error()[0];
        double b = many.solve(1, 1000, 0).error()[0];
        assertThat(b).isLessThan(a);
        assertThat(a / b).isCloseTo(10, within(0.01));
        assertThat(few.solve(1, 1000, 0).elo()[0]).isCloseTo(1190.85, within(0.01));
    }

    @Test
    void gamesOneByOneEqualTheTotals() {
        EloEstimate single = new EloEstimate(2);
        for (int i = 0; i < 8; i++) {
            single.add(0, 1, i < 5 ? 1 : i == 5 ? 0.5 : 0);
        }
        EloEstimate total = new EloEstimate(2);
        total.add(0, 1, 8, 5.5);
        assertThat(single.solve(0, 0, 1).elo()[1]).isCloseTo(total.solve(0, 0, 1).elo()[1], within(1e-9));
        assertThat(single.games(0)).isEqualTo(8);
    }

    @Test
    void aChainAddsUpAndTheFarEndIsLessCertain() {
        // A beats B 75%, B beats C 75%, A and C never meet: C is two steps of 190.85 below A.
        EloEstimate estimate = new EloEstimate(3);
        estimate.add(0, 1, 200, 150);
        estimate.add(1, 2, 200, 150);
        EloEstimate.Result result = estimate.solve(2, 1000, 0);
        assertThat(result.elo()[1]).isCloseTo(1190.85, within(0.01));
        assertThat(result.elo()[0]).isCloseTo(1381.70, within(0.01));
        // Independent steps: variances add, so the error grows by sqrt(2).
        assertThat(result.error()[0] / result.error()[1]).isCloseTo(Math.sqrt(2), within(1e-6));
    }

    @Test
    void aRoundRobinIsConsistent() {
        // Ratings 0, 100, 300 and the exact expected scores between them: the estimate finds them again.
        double[] truth = {0, 100, 300};
        EloEstimate estimate = new EloEstimate(3);
        for (int i = 0; i < 3; i++) {
            for (int j = i + 1; j < 3; j++) {
                double p = 1 / (1 + Math.pow(10, (truth[j] - truth[i]) / 400));
                estimate.add(i, j, 1000, 1000 * p);
            }
        }
        EloEstimate.Result result = estimate.solve(0, 0, 0);
        for (int i = 0; i < 3; i++) {
            assertThat(result.elo()[i]).isCloseTo(truth[i], within(1e-6));
        }
    }

    @Test
    void thePriorKeepsAPerfectScoreFinite() {
        EloEstimate estimate = new EloEstimate(2);
        estimate.add(0, 1, 10, 0);
        EloEstimate.Result result = estimate.solve(0, 1000, 1);
        // 10.5 of 11 with one virtual draw: 400 log10(10.5 / 0.5) = 528.9
        assertThat(result.elo()[1] - 1000).isCloseTo(528.9, within(0.1));
        assertThat(result.error()[1]).isFinite().isPositive();
    }

    @Test
    void refusesPlayersWithoutGamesToTheAnchor() {
        EloEstimate estimate = new EloEstimate(4);
        estimate.add(0, 1, 10, 5);
        estimate.add(2, 3, 10, 5);
        assertThatThrownBy(() -> estimate.solve(0, 1000, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no chain of games");
        assertThatThrownBy(() -> estimate.add(0, 0, 1, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> estimate.add(0, 1, 2, 3)).isInstanceOf(IllegalArgumentException.class);
    }
}

package club.pente.ai.engine.tune;

import club.pente.ai.engine.EvalWeights;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TunerTest {
    @Test
    void aTinyTuningRunIsReproducibleAndLowersTheError() {
        List<Tuner.Sample> a = Tuner.generate(8, 400, 5, 11);
        List<Tuner.Sample> b = Tuner.generate(8, 400, 5, 11);
        assertThat(a).hasSizeGreaterThan(20).hasSameSizeAs(b);
        for (int i = 0; i < a.size(); i++) {
            assertThat(a.get(i).result()).isEqualTo(b.get(i).result());
            assertThat(a.get(i).terms().evaluate(EvalWeights.HAND)).isEqualTo(b.get(i).terms().evaluate(EvalWeights.HAND));
        }
        for (Tuner.Sample s : a) {
            assertThat(s.terms().quiet()).isTrue();
            assertThat(s.result()).isIn(0.0, 0.5, 1.0);
        }
        double k = Tuner.fitK(a, EvalWeights.HAND);
        assertThat(k).isBetween(1e-5, 1e-1);
        assertThat(Tuner.mse(a, EvalWeights.HAND, k)).isLessThanOrEqualTo(Tuner.mse(a, EvalWeights.HAND, k * 2));
        EvalWeights fitted = Tuner.descend(a, EvalWeights.HAND, k, 5);
        assertThat(Tuner.descend(a, EvalWeights.HAND, k, 5)).isEqualTo(fitted);
        assertThat(Tuner.mse(a, fitted, k)).isLessThan(Tuner.mse(a, EvalWeights.HAND, k));
    }

    @Test
    void matchResultsCountFromSideAsViewWithAnInterval() {
        SelfPlayMatch.Result r = new SelfPlayMatch.Result(60, 0, 40, 1000);
        assertThat(r.score()).isEqualTo(0.6);
        // sd of a 0/1 score at p = 0.6 is 0.49; 1.96 * 0.49 / sqrt(99) = 0.0967
        assertThat(r.error()).isBetween(0.095, 0.098);
        assertThat(new SelfPlayMatch.Result(0, 10, 0, 1).error()).isZero();
    }
}

package club.pente.ai.engine;

import club.pente.core.rules.Color;
import club.pente.core.rules.Position;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The weights record, and the tuner's model of the evaluation against the engine's own. */
class EvalWeightsTest {
    @Test
    void theTunersTermsScoreExactlyLikeTheEngineUnderAnyWeights() {
        SplittableRandom random = new SplittableRandom(7);
        List<Position> positions = positions();
        assertThat(positions).hasSizeGreaterThan(100);
        for (int round = 0; round < 20; round++) {
            EvalWeights w = round == 0 ? EvalWeights.HAND : randomWeights(random);
            for (Position position : positions) {
                assertThat(EvalTerms.of(position).evaluate(w))
                        .as("%s at ply %d", w, position.ply())
                        .isEqualTo(EvalTerms.engineEvaluation(position, w));
            }
        }
    }

    @Test
    void handWeightsGiveTheEvaluationOfCommit76751d7() {
        // The formula and constants as they stood in Evaluator before the weights moved out.
        int[] pairs = {0, 150, 340, 600, 1000, 1000};
        for (Position position : positions()) {
            EvalTerms t = EvalTerms.of(position);
            int s = (t.myWindows()[1] - t.oppWindows()[1]) + 6 * (t.myWindows()[2] - t.oppWindows()[2])
                    + 40 * (t.myWindows()[3] - t.oppWindows()[3]) + 400 * (t.myWindows()[4] - t.oppWindows()[4]);
            s += pairs[Math.min(t.myPairs(), 5)] - pairs[Math.min(t.oppPairs(), 5)];
            if (t.myThreats() > 0) {
                s += (next(pairs, t.myPairs()) * 3) / 4 + 40 * Math.min(t.myThreats() - 1, 3);
            }
            if (t.oppThreats() > 0) {
                int threats = Math.min(t.oppThreats(), 4);
                s -= next(pairs, t.oppPairs()) * (threats == 1 ? 1 : 3) / 4 + 30 * threats;
            }
            s += 12 * (t.oppOpenPairs() - t.myOpenPairs()) + 25 * t.myThrees() + 25;
            assertThat(EvalTerms.engineEvaluation(position, EvalWeights.HAND)).isEqualTo(s);
        }
    }

    @Test
    void formatAndParseRoundTrip() {
        EvalWeights w = randomWeights(new SplittableRandom(3));
        assertThat(EvalWeights.parse(w.format(), EvalWeights.HAND)).isEqualTo(w);
        assertThat(EvalWeights.parse("tempo=30, window2=7", EvalWeights.HAND))
                .isEqualTo(EvalWeights.of(set(set(EvalWeights.HAND.vector(), 16, 30), 1, 7)));
        assertThatThrownBy(() -> EvalWeights.parse("nonsense=3", EvalWeights.HAND))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EvalWeights.parse("tempo=999999", EvalWeights.HAND))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static int next(int[] pairs, int n) {
        return n >= 4 ? 1500 : pairs[n + 1] - pairs[n];
    }

    private static int[] set(int[] v, int i, int value) {
        v[i] = value;
        return v;
    }

    private static EvalWeights randomWeights(SplittableRandom random) {
        int[] v = EvalWeights.HAND.vector();
        for (int i = 0; i < v.length; i++) {
            v[i] = Math.max(0, v[i] + random.nextInt(-v[i] / 2 - 5, v[i] / 2 + 6));
        }
        return EvalWeights.of(v);
    }

    /** Positions from fast low-level games: captures, threats and fours occur. */
    private static List<Position> positions() {
        List<Position> out = new ArrayList<>();
        for (long seed = 1; seed <= 6; seed++) {
            Engine white = new Engine(EngineConfig.level(2).withTtBits(12), seed);
            Engine black = new Engine(EngineConfig.level(3).withTtBits(12), seed + 100);
            Position position = new Position();
            int[] moves = new int[80];
            while (!position.status().isOver() && position.ply() < 80) {
                out.add(Position.of(java.util.Arrays.copyOf(moves, position.ply())));
                Engine engine = position.toMove() == Color.WHITE ? white : black;
                int move = engine.bestMove(position, Budget.nodes(300)).move();
                moves[position.ply()] = move;
                position.play(move);
            }
        }
        return out;
    }
}

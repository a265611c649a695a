package club.pente.ai.engine.review;

import club.pente.ai.engine.SearchResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The documented scale (docs/analysis.md): win chance, clipping, marks, accuracy. */
class WinChanceTest {
    private static final int WIN = SearchResult.WIN_SCORE;

    @Test
    void winChanceIsALogisticOfTheScoreAndOneOrZeroForAForcedResult() {
        assertThat(WinChance.of(0)).isEqualTo(0.5);
        assertThat(WinChance.of(150)).isCloseTo(0.593, within(0.001));
        assertThat(WinChance.of(400)).isCloseTo(0.731, within(0.001));
        assertThat(WinChance.of(-1000)).isCloseTo(0.076, within(0.001));
        assertThat(WinChance.of(4999)).isLessThan(1.0);
        assertThat(WinChance.of(WIN - 1)).isEqualTo(1.0);
        assertThat(WinChance.of(WIN - 128)).isEqualTo(1.0);
        assertThat(WinChance.of(-(WIN - 60))).isEqualTo(0.0);
        assertThat(WinChance.of(WIN - 129)).isLessThan(1.0);   // not a forced win: clipped to 4999
    }

    @Test
    void onlyAForcedResultShowsAsFiveThousand() {
        assertThat(WinChance.clip(WIN - 5)).isEqualTo(5000);
        assertThat(WinChance.clip(-(WIN - 5))).isEqualTo(-5000);
        assertThat(WinChance.clip(7000)).isEqualTo(4999);
        assertThat(WinChance.clip(-7000)).isEqualTo(-4999);
        assertThat(WinChance.clip(123)).isEqualTo(123);
    }

    @Test
    void marksFollowTheThresholds() {
        assertThat(MoveClass.ofDrop(0)).isEqualTo(MoveClass.BEST);
        assertThat(MoveClass.ofDrop(0.0199)).isEqualTo(MoveClass.BEST);
        assertThat(MoveClass.ofDrop(0.02)).isEqualTo(MoveClass.GOOD);
        assertThat(MoveClass.ofDrop(0.0499)).isEqualTo(MoveClass.GOOD);
        assertThat(MoveClass.ofDrop(0.05)).isEqualTo(MoveClass.INACCURACY);
        assertThat(MoveClass.ofDrop(0.12)).isEqualTo(MoveClass.MISTAKE);
        assertThat(MoveClass.ofDrop(0.2499)).isEqualTo(MoveClass.MISTAKE);
        assertThat(MoveClass.ofDrop(0.25)).isEqualTo(MoveClass.BLUNDER);
        assertThat(MoveClass.ofDrop(1)).isEqualTo(MoveClass.BLUNDER);
    }

    @Test
    void accuracyFallsWithTheDrop() {
        assertThat(WinChance.accuracy(0)).isCloseTo(100, within(0.001));
        assertThat(WinChance.accuracy(0.05)).isCloseTo(80.0, within(0.5));
        assertThat(WinChance.accuracy(0.12)).isCloseTo(58.0, within(0.5));
        assertThat(WinChance.accuracy(0.25)).isCloseTo(31.6, within(0.5));
        assertThat(WinChance.accuracy(0.5)).isCloseTo(8.5, within(0.1));
        assertThat(WinChance.accuracy(1)).isZero();
    }
}

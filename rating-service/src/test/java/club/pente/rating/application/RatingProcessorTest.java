package club.pente.rating.application;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.core.rules.Variant;
import club.pente.rating.support.RatingStreams;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The decisions the processor takes before any database work, on plain objects (no store, no outbox: a
 * test that reached them would fail on their absence): an aborted or unfinished game is counted as
 * ignored and never claimed; the rating category a game is rated in.
 */
class RatingProcessorTest {
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final RatingProcessor processor = new RatingProcessor(null, null, registry);

    private static GameEnded game(PlayerRef white, PlayerRef black, Status result, EndReason reason) {
        return new GameEnded(Contracts.SCHEMA_VERSION, Contracts.newId(), "g-" + Contracts.newId(), 42, Contracts.now(), Contracts.newId(),
                result, reason, true, white, black, 41, PerSide.ZERO, PerSide.ZERO, null);
    }

    private double counted(RatingProcessor.Result result) {
        return registry.counter("pente.rating.games", "result", result.name()).count();
    }

    @Test
    void anAbortedGameIsIgnoredWithoutTouchingTheDatabase() {
        GameEnded aborted = game(RatingStreams.account("w"), RatingStreams.account("b"), Status.WHITE_WINS, EndReason.ABORTED);
        assertThat(processor.process(aborted).await().atMost(Duration.ofSeconds(5))).isEqualTo(RatingProcessor.Result.IGNORED);
        assertThat(counted(RatingProcessor.Result.IGNORED)).isEqualTo(1.0);
    }

    @Test
    void aGameWithoutAResultIsIgnoredToo() {
        GameEnded unfinished = game(RatingStreams.account("w"), RatingStreams.account("b"), Status.ONGOING, EndReason.RESIGNATION);
        assertThat(processor.process(unfinished).await().atMost(Duration.ofSeconds(5))).isEqualTo(RatingProcessor.Result.IGNORED);
        assertThat(counted(RatingProcessor.Result.IGNORED)).isEqualTo(1.0);
        assertThat(counted(RatingProcessor.Result.RATED)).isZero();
    }

    @Test
    void aRankedGameIsRatedInItsVariantAtItsSpeed() {
        PlayerRef white = RatingStreams.account("w");
        PlayerRef black = RatingStreams.account("b");
        assertThat(RatingProcessor.categoryOf(RatingStreams.ranked(white, black, Status.WHITE_WINS, Variant.KERYO,
                TimeControl.daysPerMove(3)))).isEqualTo("keryo-turn");
        assertThat(RatingProcessor.categoryOf(RatingStreams.ranked(white, black, Status.WHITE_WINS, Variant.GOMOKU,
                new TimeControl(600, 5, 0)))).isEqualTo("gomoku-live");
        // An untimed game is not turn-based: it counts with the live games.
        assertThat(RatingProcessor.categoryOf(RatingStreams.ranked(white, black, Status.DRAW, Variant.KERYO, TimeControl.UNTIMED)))
                .isEqualTo("keryo-live");
    }

    @Test
    void aGameEndedFromBeforeVariantsIsRatedPenteLive() throws Exception {
        // The JSON the game service wrote before issue 18: no variant, no timeControl, no tournamentId.
        GameEnded old = game(RatingStreams.account("w"), RatingStreams.account("b"), Status.WHITE_WINS, EndReason.FIVE_IN_A_ROW);
        var tree = Contracts.json().valueToTree(old);
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree).remove(java.util.List.of("variant", "timeControl", "tournamentId"));
        String json = Contracts.json().writeValueAsString(tree);
        assertThat(json).doesNotContain("variant").doesNotContain("timeControl");
        GameEnded read = Contracts.json().readValue(json, GameEnded.class);
        assertThat(RatingProcessor.categoryOf(read)).isEqualTo("pente-live");
        assertThat(read.variant()).isEqualTo(Variant.PENTE);
    }
}

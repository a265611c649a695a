package club.pente.ai.engine.review;

import club.pente.ai.engine.Budget;
import club.pente.ai.engine.Engine;
import club.pente.ai.engine.EngineConfig;
import club.pente.ai.engine.SearchResult;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Position;
import club.pente.core.rules.Status;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

import static club.pente.ai.engine.review.Games.p;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The review on hand-made games whose blunder is known; node budgets make every figure reproducible. */
class GameReviewerTest {
    private static final long NODES = 20_000;
    private final GameReviewer reviewer = new GameReviewer(ReviewOptions.nodes(8, NODES), 1);

    private MoveReview ply(GameReview review, int ply) {
        MoveReview m = review.moves().get(ply - 1);
        assertThat(m.ply()).isEqualTo(ply);
        return m;
    }

    @Test
    void ignoringAFourIsABlunderAndTheFiveIsTheFirstWin() {
        // The position is what the comment says: a closed four, and after A1 White's K14 is five.
        Position before = Games.play(Games.CLOSED_FOUR);
        assertThat(before.toMove()).isEqualTo(Color.BLACK);
        assertThat(GameReviewer.onlyNonLosingMove(before)).isEqualTo(p("K14"));
        Position end = Games.play(Games.FOUR_IGNORED);
        assertThat(end.status()).isEqualTo(Status.WHITE_WINS);
        assertThat(end.reason()).isEqualTo(EndReason.FIVE_IN_A_ROW);

        GameReview review = reviewer.review(Games.points(Games.FOUR_IGNORED));
        assertThat(review.moves()).hasSize(9);
        MoveReview blunder = ply(review, 8);
        assertThat(blunder.color()).isEqualTo(Color.BLACK);
        assertThat(blunder.moveClass()).isEqualTo(MoveClass.BLUNDER);
        assertThat(blunder.best()).isEqualTo(p("K14"));
        assertThat(blunder.evalWhite()).isEqualTo(WinChance.CLIP);       // White now has a forced win
        assertThat(blunder.winChanceWhite()).isEqualTo(1.0);
        assertThat(blunder.winAvailable()).isFalse();

        MoveReview five = ply(review, 9);
        assertThat(five.winAvailable()).isTrue();
        assertThat(five.missedWin()).isFalse();
        assertThat(five.best()).isEqualTo(p("K14"));
        assertThat(five.moveClass()).isEqualTo(MoveClass.BEST);
        assertThat(review.firstWin()).isEqualTo(new GameReview.FirstWin(9, Color.WHITE, p("K14")));
        assertThat(review.black().blunders()).isEqualTo(1);
        assertThat(review.white().blunders()).isZero();
        assertThat(review.white().missedWins()).isZero();
    }

    @Test
    void theOnlyBlockIsForced() {
        GameReview review = reviewer.review(Games.points(Games.FOUR_BLOCKED));
        MoveReview block = ply(review, 8);
        assertThat(block.moveClass()).isEqualTo(MoveClass.FORCED);
        assertThat(block.best()).isEqualTo(p("K14"));
        assertThat(block.drop()).isZero();
        assertThat(review.firstWin()).isNull();
        assertThat(review.moves()).noneMatch(m -> m.winAvailable() || m.missedWin());
    }

    @Test
    void playingElsewhereThanTheFiveIsAMissedWin() {
        GameReview review = reviewer.review(Games.points(Games.FIVE_MISSED));
        assertThat(ply(review, 8).moveClass()).isEqualTo(MoveClass.BLUNDER);
        MoveReview missed = ply(review, 9);
        assertThat(missed.move()).isEqualTo(p("A19"));
        assertThat(missed.winAvailable()).isTrue();
        assertThat(missed.missedWin()).isTrue();
        assertThat(missed.best()).isEqualTo(p("K14"));
        assertThat(missed.bestEvalWhite()).isEqualTo(WinChance.CLIP);
        assertThat(missed.evalWhite()).isLessThan(WinChance.CLIP);
        assertThat(missed.moveClass()).isIn(MoveClass.INACCURACY, MoveClass.MISTAKE, MoveClass.BLUNDER);
        // Black's block is again the only move.
        assertThat(ply(review, 10).moveClass()).isEqualTo(MoveClass.FORCED);
        assertThat(review.firstWin()).isEqualTo(new GameReview.FirstWin(9, Color.WHITE, p("K14")));
        assertThat(review.white().missedWins()).isEqualTo(1);
        assertThat(review.black().missedWins()).isZero();
    }

    @Test
    void givingTheFifthPairIsABlunder() {
        Position before = Games.play(Games.FOUR_PAIRS_EACH);
        assertThat(before.ply()).isEqualTo(34);
        assertThat(before.toMove()).isEqualTo(Color.WHITE);
        assertThat(before.capturedPairs(Color.WHITE)).isEqualTo(4);
        assertThat(before.capturedPairs(Color.BLACK)).isEqualTo(4);
        Position end = Games.play(Games.PAIR_GIVEN);
        assertThat(end.status()).isEqualTo(Status.BLACK_WINS);
        assertThat(end.reason()).isEqualTo(EndReason.FIVE_CAPTURES);

        GameReview review = reviewer.review(Games.points(Games.PAIR_GIVEN));
        MoveReview blunder = ply(review, 35);
        assertThat(blunder.move()).isEqualTo(p("J9"));
        assertThat(blunder.moveClass()).isEqualTo(MoveClass.BLUNDER);
        assertThat(blunder.evalWhite()).isEqualTo(-WinChance.CLIP);
        assertThat(blunder.winChanceWhite()).isEqualTo(0.0);
        assertThat(blunder.drop()).isGreaterThanOrEqualTo(WinChance.BLUNDER);
        MoveReview take = ply(review, 36);
        assertThat(take.winAvailable()).isTrue();
        assertThat(take.missedWin()).isFalse();
        assertThat(review.firstWin()).isEqualTo(new GameReview.FirstWin(36, Color.BLACK, p("H8")));
    }

    @Test
    void notTakingTheFifthPairIsAMissedWinAndCoveringItIsForced() {
        Position beforeCover = Games.play(Games.FOUR_PAIRS_EACH + " J9 A19");
        assertThat(GameReviewer.onlyNonLosingMove(beforeCover)).isEqualTo(p("H8"));

        GameReview review = reviewer.review(Games.points(Games.PAIR_MISSED));
        assertThat(ply(review, 35).moveClass()).isEqualTo(MoveClass.BLUNDER);
        MoveReview missed = ply(review, 36);
        assertThat(missed.winAvailable()).isTrue();
        assertThat(missed.missedWin()).isTrue();
        assertThat(missed.best()).isEqualTo(p("H8"));
        assertThat(missed.moveClass()).isIn(MoveClass.INACCURACY, MoveClass.MISTAKE, MoveClass.BLUNDER);
        assertThat(ply(review, 37).moveClass()).isEqualTo(MoveClass.FORCED);
        assertThat(review.black().missedWins()).isEqualTo(1);
    }

    @Test
    void theEnginesOwnMovesShowNoDrop() {
        // The review's searches run in the same order as a self-play game by an engine with the same seed and
        // budget, so it plays exactly the reviewer's best moves: every one must come out with no drop.
        Engine engine = new Engine(EngineConfig.level(8), 1);
        Position position = new Position();
        List<Integer> game = new ArrayList<>();
        while (game.size() < 24 && !position.status().isOver()) {
            SearchResult r = engine.bestMove(position, Budget.nodes(NODES / 2));
            game.add(r.move());
            position.play(r.move());
        }
        GameReview review = reviewer.review(game);
        for (MoveReview m : review.moves()) {
            assertThat(m.best()).as("ply %d", m.ply()).isEqualTo(m.move());
            assertThat(m.drop()).isZero();
            assertThat(m.moveClass()).isIn(MoveClass.BEST, MoveClass.FORCED);
            assertThat(m.bestEvalWhite()).isEqualTo(m.evalWhite());
            assertThat(m.missedWin()).isFalse();
        }
        assertThat(review.white().accuracy()).isEqualTo(100.0);
        assertThat(review.black().accuracy()).isEqualTo(100.0);
    }

    @Test
    void theMarksAgreeWithEachOtherOnAnEngineGame() {
        Position end = Games.play(Games.LEVEL_4_AGAINST_8);
        assertThat(end.status()).isEqualTo(Status.BLACK_WINS);
        GameReview review = reviewer.review(Games.points(Games.LEVEL_4_AGAINST_8));
        List<MoveReview> moves = review.moves();
        assertThat(moves).hasSize(42);
        assertThat(moves.get(41).evalWhite()).isEqualTo(-WinChance.CLIP);   // the five
        MoveReview first = moves.stream().filter(MoveReview::winAvailable).findFirst().orElseThrow();
        assertThat(review.firstWin().ply()).isEqualTo(first.ply());
        assertThat(review.firstWin().color()).isEqualTo(first.color());
        for (int i = 0; i < moves.size(); i++) {
            MoveReview m = moves.get(i);
            assertThat(m.winChanceWhite() == 1.0).as("ply %d", m.ply()).isEqualTo(m.evalWhite() == WinChance.CLIP);
            assertThat(m.winChanceWhite() == 0.0).as("ply %d", m.ply()).isEqualTo(m.evalWhite() == -WinChance.CLIP);
            assertThat(m.line().get(0)).isEqualTo(m.best());
            if (m.best() == m.move()) {
                assertThat(m.drop()).isZero();
                assertThat(m.moveClass()).isIn(MoveClass.BEST, MoveClass.FORCED);
            }
            if (m.missedWin()) {
                assertThat(m.winAvailable()).isTrue();
                assertThat(m.moveClass()).isIn(MoveClass.INACCURACY, MoveClass.MISTAKE, MoveClass.BLUNDER, MoveClass.FORCED);
            }
            // A move that kept a forced win leaves the other side lost whatever it plays.
            int won = m.color() == Color.WHITE ? WinChance.CLIP : -WinChance.CLIP;
            if (m.evalWhite() == won && i + 1 < moves.size() && !moves.get(i + 1).winAvailable()) {
                assertThat(moves.get(i + 1).evalWhite()).as("ply %d", m.ply() + 1).isEqualTo(won);
                assertThat(moves.get(i + 1).bestEvalWhite()).as("ply %d", m.ply() + 1).isEqualTo(won);
            }
            // A forced win for the next mover means this move lost, and the eval says so.
            if (i + 1 < moves.size() && moves.get(i + 1).winAvailable()) {
                int lost = m.color() == Color.WHITE ? -WinChance.CLIP : WinChance.CLIP;
                assertThat(m.evalWhite()).as("ply %d", m.ply()).isEqualTo(lost);
            }
        }
        int blackBlunders = (int) moves.stream().filter(m -> m.color() == Color.BLACK && m.moveClass() == MoveClass.BLUNDER).count();
        assertThat(review.black().blunders()).isEqualTo(blackBlunders);
    }

    @Test
    void aNodeBudgetMakesTheReviewReproducible() {
        List<Integer> game = Games.points(Games.FIVE_MISSED);
        assertThat(new GameReviewer(ReviewOptions.nodes(8, NODES), 7).review(game).toJson())
                .isEqualTo(new GameReviewer(ReviewOptions.nodes(8, NODES), 7).review(game).toJson());
        // Level 9 searches on every core with a time budget; with a node budget the review keeps to one thread.
        int top = EngineConfig.MAX_LEVEL;
        assertThat(new GameReviewer(ReviewOptions.nodes(top, NODES), 7).review(game).toJson())
                .isEqualTo(new GameReviewer(ReviewOptions.nodes(top, NODES), 7).review(game).toJson());
    }

    @Test
    void aSmallTableStillReviewsAndTheBoundsAreChecked() {
        // A service passes its pool's small table (e.g. 16 bits, 1 MB) instead of the level's 2^20 entries.
        GameReview small = new GameReviewer(ReviewOptions.nodes(8, NODES), 7, GameReviewer.MIN_TABLE_BITS).review(Games.points(Games.FIVE_MISSED));
        assertThat(small.moves()).hasSize(Games.points(Games.FIVE_MISSED).size());
        assertThatThrownBy(() -> new GameReviewer(ReviewOptions.nodes(8, NODES), 7, GameReviewer.MIN_TABLE_BITS - 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new GameReviewer(ReviewOptions.nodes(8, NODES), 7, GameReviewer.MAX_TABLE_BITS + 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anIllegalListIsRefusedWithTheMoveNamed() {
        assertThatThrownBy(() -> reviewer.review(Games.points("K10 L10 K11")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("move 3").hasMessageContaining("K11");
        assertThatThrownBy(() -> reviewer.review(Games.points("K10 K10")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("move 2").hasMessageContaining("occupied");
        assertThatThrownBy(() -> reviewer.review(Games.points(Games.FOUR_IGNORED + " A3")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("move 10").hasMessageContaining("over");
        assertThatThrownBy(() -> reviewer.review(List.of(180, 361)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("move 2");
        List<Integer> withNull = new ArrayList<>();
        withNull.add(null);
        assertThatThrownBy(() -> reviewer.review(withNull)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ReviewOptions(4, 100, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ReviewOptions(8, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anEmptyGameHasNoMoves() {
        GameReview review = reviewer.review(List.of());
        assertThat(review.moves()).isEmpty();
        assertThat(review.firstWin()).isNull();
        assertThat(review.white().accuracy()).isEqualTo(100.0);
    }

    @Test
    void anInterruptedThreadStopsTheReview() {
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> reviewer.review(Games.points(Games.FOUR_IGNORED)))
                    .isInstanceOf(CancellationException.class);
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void aPassedDeadlineStopsTheReview() {
        assertThatThrownBy(() -> reviewer.review(Games.points(Games.FOUR_IGNORED), System.nanoTime() - 1))
                .isInstanceOf(CancellationException.class).hasMessageContaining("deadline");
    }
}

package club.pente.ai.engine.review;

import club.pente.ai.engine.SearchResult;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Color;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review finding R-5: the engine's own move whose claimed forced win the next ply's search refutes (the
 * opponent proves a win) is neither a missed win nor the first win; the opponent's proved win is.
 */
class ContradictedWinTest {
    private static final int WIN = SearchResult.WIN_SCORE - 10;

    @Test
    void theEnginesOwnMoveRefutedAtTheNextPlyMissedNoWin() {
        int k10 = Notation.parse("K10");
        int l11 = Notation.parse("L11");
        int m12 = Notation.parse("M12");
        // Ply 1: White plays the engine's best move, whose search claimed a forced win (beam-cut, so unsound).
        GameReviewer.Ply white = new GameReviewer.Ply(1, Color.WHITE, k10, k10, List.of(k10), WIN, 40, false, -1, List.of());
        // Ply 2: Black's search proves a forced win, and Black keeps it with the best move.
        GameReviewer.Ply black = new GameReviewer.Ply(2, Color.BLACK, l11, l11, List.of(l11, m12), WIN, WIN, true, -1, List.of());

        GameReview review = new GameReviewer(ReviewOptions.nodes(8, 1000), 1).judge(List.of(white, black));

        MoveReview first = review.moves().get(0);
        assertThat(first.moveClass()).isEqualTo(MoveClass.BEST);
        assertThat(first.missedWin()).isFalse();
        assertThat(first.winAvailable()).isFalse();
        assertThat(review.moves().get(1).winAvailable()).isTrue();
        assertThat(review.firstWin()).isNotNull();
        assertThat(review.firstWin().ply()).isEqualTo(2);
    }
}

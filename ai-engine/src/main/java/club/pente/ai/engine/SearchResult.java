package club.pente.ai.engine;

import java.util.List;

/**
 * What a search found.
 *
 * @param move  the chosen point index ({@code row * 19 + col})
 * @param score from the mover's side, in evaluation units; beyond {@link #WIN_SCORE} minus a few
 *              hundred it announces a forced win (positive) or loss (negative)
 * @param depth the last fully searched depth (0 for a forced reply, a threat-search win or a random move)
 * @param nodes positions visited
 * @param pv    the expected line, starting with {@code move}, as point indexes
 * @param timeMs wall time spent
 */
public record SearchResult(int move, int score, int depth, long nodes, List<Integer> pv, long timeMs) {
    public static final int WIN_SCORE = Searcher.WIN;

    public SearchResult {
        pv = List.copyOf(pv);
    }

    /** Whether the score announces a forced win for the mover. */
    public boolean isWin() {
        return score >= Searcher.WIN - Searcher.MAX_PLY;
    }

    /** Whether the score announces a forced loss for the mover. */
    public boolean isLoss() {
        return score <= -Searcher.WIN + Searcher.MAX_PLY;
    }
}

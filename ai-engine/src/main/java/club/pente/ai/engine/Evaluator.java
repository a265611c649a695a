package club.pente.ai.engine;

/**
 * Static evaluation from the side to move's point of view, built from the board's running counters
 * so that it costs a few array reads:
 * <ul>
 *   <li>lines: every clean window of five scores by how many stones it holds, so open and closed twos,
 *       threes and fours and their split forms ({@code X_XX}, {@code XX_XX}) are weighed by how many
 *       ways they can still become five;</li>
 *   <li>the second goal: captured pairs (each pair worth more as the fifth comes closer), capture
 *       threats (worth most to the side to move, who can take at once) and open pairs that one
 *       move would threaten;</li>
 *   <li>the move: threes of the side to move are one tempo from an open four.</li>
 * </ul>
 * Wins (a four to complete, the fifth pair to take) are the search's business, not scored here.
 */
final class Evaluator {
    /** Value of having captured n pairs; the fifth is a win. */
    private static final int[] PAIRS = {0, 150, 340, 600, 1000, 1000};
    private static final int TEMPO = 25;
    private static final int OWN_THREE = 25;
    private static final int OPEN_PAIR = 12;

    private Evaluator() {
    }

    static int evaluate(EngineBoard b) {
        final int me = b.toMove;
        final int opp = 3 - me;
        int s = me == 1 ? b.lineScore : -b.lineScore;
        s += PAIRS[Math.min(b.pairs[me], 5)] - PAIRS[Math.min(b.pairs[opp], 5)];
        // The side to move can take one pair now; the opponent's threats can mostly be parried.
        if (b.captureThreats[me] > 0) {
            s += (nextPair(b.pairs[me]) * 3) / 4 + 40 * Math.min(b.captureThreats[me] - 1, 3);
        }
        if (b.captureThreats[opp] > 0) {
            int threats = Math.min(b.captureThreats[opp], 4);
            s -= nextPair(b.pairs[opp]) * (threats == 1 ? 1 : 3) / 4 + 30 * threats;
        }
        s += OPEN_PAIR * (b.openPairs[opp] - b.openPairs[me]);
        s += OWN_THREE * b.threes[me];
        return s + TEMPO;
    }

    private static int nextPair(int pairs) {
        return pairs >= 4 ? 1500 : PAIRS[pairs + 1] - PAIRS[pairs];
    }
}

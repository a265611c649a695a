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
 *       move would threaten; in Keryo the same curve over 15 stones, trios included; none in Gomoku;</li>
 *   <li>the move: threes of the side to move are one tempo from an open four.</li>
 * </ul>
 * Wins (a four to complete, the fifth pair to take) are the search's business, not scored here.
 */
final class Evaluator {
    private Evaluator() {
    }

    /** The board's position scored with the board's {@link EngineBoard#weights}. */
    static int evaluate(EngineBoard b) {
        final EvalWeights w = b.weights;
        final int me = b.toMove;
        final int opp = 3 - me;
        int s = me == 1 ? b.lineScore : -b.lineScore;
        // Captures by stones taken, scaled to the variant's threshold (Pente: exactly the pair weights).
        final int[] value = b.captureValue;
        s += value[b.taken[me]] - value[b.taken[opp]];
        // The side to move can take one pair (Keryo: or trio) now; the opponent's threats can mostly be parried.
        final int myThreats = b.captureThreats[me] + b.trioThreats[me];
        if (myThreats > 0) {
            int next = (b.trioThreats[me] > 0 ? b.nextTrioValue : b.nextPairValue)[b.taken[me]];
            s += next * w.takeNowPercent() / 100 + w.extraThreat() * Math.min(myThreats - 1, 3);
        }
        final int oppThreats = b.captureThreats[opp] + b.trioThreats[opp];
        if (oppThreats > 0) {
            int threats = Math.min(oppThreats, 4);
            int next = (b.trioThreats[opp] > 0 ? b.nextTrioValue : b.nextPairValue)[b.taken[opp]];
            s -= next * (threats == 1 ? w.oppOneThreatPercent() : w.oppThreatsPercent()) / 100
                    + w.oppThreatEach() * threats;
        }
        s += w.openPair() * (b.openPairs[opp] - b.openPairs[me]);
        s += w.ownThree() * b.threes[me];
        return s + w.tempo();
    }
}

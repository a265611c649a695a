package club.pente.ai.engine;

import club.pente.core.rules.Position;

/**
 * The raw counts the evaluation is built from, for one position and from the side to move's point of
 * view, so that a tuner can re-score thousands of positions under new {@link EvalWeights} without
 * replaying them. {@link #evaluate} gives exactly what the engine's evaluation gives (a test checks it).
 *
 * @param myWindows  myWindows[k]: clean windows of five holding k (1..4) of the mover's stones, none of the other's
 * @param oppWindows the same for the opponent
 * @param quiet      neither side has a four or a capture win to make: the static score means something
 */
public record EvalTerms(int[] myWindows, int[] oppWindows, int myPairs, int oppPairs, int myThreats,
                        int oppThreats, int myOpenPairs, int oppOpenPairs, int myThrees, boolean quiet) {

    public EvalTerms {
        myWindows = myWindows.clone();
        oppWindows = oppWindows.clone();
    }

    /** The terms of an ongoing position. */
    public static EvalTerms of(Position position) {
        EngineBoard b = EngineBoard.of(position);
        int me = b.toMove;
        int opp = 3 - me;
        int[][] counts = new int[3][5];
        for (int id = 0; id < Geometry.WINDOWS; id++) {
            int code = b.windows[id];
            int white = EngineBoard.WINDOW_WHITE[code];
            int black = EngineBoard.WINDOW_BLACK[code];
            if (black == 0 && white > 0 && white < 5) {
                counts[1][white]++;
            } else if (white == 0 && black > 0 && black < 5) {
                counts[2][black]++;
            }
        }
        boolean quiet = b.fours[1] == 0 && b.fours[2] == 0 && !b.canWinNow() && !b.opponentThreatensWin();
        return new EvalTerms(counts[me], counts[opp], b.pairs[me], b.pairs[opp], b.captureThreats[me],
                b.captureThreats[opp], b.openPairs[me], b.openPairs[opp], b.threes[me], quiet);
    }

    /** The engine's static evaluation of these terms under {@code w}, side to move's view. */
    public int evaluate(EvalWeights w) {
        int s = w.window1() * (myWindows[1] - oppWindows[1]) + w.window2() * (myWindows[2] - oppWindows[2])
                + w.window3() * (myWindows[3] - oppWindows[3]) + w.window4() * (myWindows[4] - oppWindows[4]);
        s += w.pairValue(myPairs) - w.pairValue(oppPairs);
        if (myThreats > 0) {
            s += w.nextPair(myPairs) * w.takeNowPercent() / 100 + w.extraThreat() * Math.min(myThreats - 1, 3);
        }
        if (oppThreats > 0) {
            int threats = Math.min(oppThreats, 4);
            s -= w.nextPair(oppPairs) * (threats == 1 ? w.oppOneThreatPercent() : w.oppThreatsPercent()) / 100
                    + w.oppThreatEach() * threats;
        }
        s += w.openPair() * (oppOpenPairs - myOpenPairs);
        s += w.ownThree() * myThrees;
        return s + w.tempo();
    }

    /** The engine's own evaluation of a position under {@code w} (for tests and tools; builds a board). */
    public static int engineEvaluation(Position position, EvalWeights w) {
        EngineBoard b = new EngineBoard(w);
        b.load(position);
        return Evaluator.evaluate(b);
    }
}

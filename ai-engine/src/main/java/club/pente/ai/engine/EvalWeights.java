package club.pente.ai.engine;

import java.util.Arrays;
import java.util.List;

/**
 * The evaluation's numbers, in one place so that they can be fitted (see {@code docs/engine-tuning.md}
 * and {@code club.pente.ai.engine.tune.Tuner}) instead of set by hand.
 *
 * @param window1          a clean window of five (none of the other colour) holding one stone
 * @param window2          ... two stones
 * @param window3          ... three stones (an open or split three lives in several)
 * @param window4          ... four stones
 * @param pairs1           having captured one pair
 * @param pairs2           two pairs
 * @param pairs3           three pairs
 * @param pairs4           four pairs (the fifth wins)
 * @param fifthPairThreat  what a threat on the fifth pair is worth (stands for "next pair" at four pairs)
 * @param takeNowPercent   the side to move can take a pair now: this percent of the next pair's value
 * @param extraThreat      each further capture threat of the side to move (up to three)
 * @param oppOneThreatPercent the opponent threatens one capture (mostly parried): percent of its next pair
 * @param oppThreatsPercent   the opponent threatens two or more (one is taken): percent of its next pair
 * @param oppThreatEach    each capture threat of the opponent (up to four)
 * @param openPair         a pair in {@code _ O O _}, one move from being threatened (counts against its owner)
 * @param ownThree         each three of the side to move (a tempo from an open four)
 * @param tempo            having the move
 */
public record EvalWeights(int window1, int window2, int window3, int window4,
                          int pairs1, int pairs2, int pairs3, int pairs4, int fifthPairThreat,
                          int takeNowPercent, int extraThreat, int oppOneThreatPercent, int oppThreatsPercent,
                          int oppThreatEach, int openPair, int ownThree, int tempo) {

    /** The hand-set values of commit 76751d7 (the starting point of the tuning). */
    public static final EvalWeights HAND = new EvalWeights(1, 6, 40, 400, 150, 340, 600, 1000, 1500,
            75, 40, 25, 75, 30, 12, 25, 25);

    /**
     * Fitted by {@code ./pente tune --games 1500 --nodes 3000 --level 6 --seed 1} from HAND (docs/engine-tuning.md).
     * window4 and fifthPairThreat stay at HAND: the fit uses quiet positions only, where neither occurs.
     */
    public static final EvalWeights TUNED = new EvalWeights(0, 16, 55, 400, 86, 158, 232, 385, 1500,
            173, 126, 62, 89, 38, 28, 44, 63);

    /** What engines use unless told otherwise: TUNED, which scored 58% against HAND (docs/engine-tuning.md). */
    public static final EvalWeights DEFAULT = TUNED;

    /** Component names in {@link #vector()} order. */
    public static final List<String> NAMES = List.of("window1", "window2", "window3", "window4",
            "pairs1", "pairs2", "pairs3", "pairs4", "fifthPairThreat", "takeNowPercent", "extraThreat",
            "oppOneThreatPercent", "oppThreatsPercent", "oppThreatEach", "openPair", "ownThree", "tempo");

    public EvalWeights {
        // The search treats anything near Searcher.WIN as a proven result: keep evaluations far below it.
        int[] all = {window1, window2, window3, window4, pairs1, pairs2, pairs3, pairs4, fifthPairThreat,
                takeNowPercent, extraThreat, oppOneThreatPercent, oppThreatsPercent, oppThreatEach, openPair,
                ownThree, tempo};
        for (int v : all) {
            if (Math.abs(v) > 20_000) {
                throw new IllegalArgumentException("evaluation weight out of range: " + v);
            }
        }
        if (takeNowPercent < 0 || takeNowPercent > 200 || oppOneThreatPercent < 0 || oppOneThreatPercent > 200
                || oppThreatsPercent < 0 || oppThreatsPercent > 200) {
            throw new IllegalArgumentException("percent weights must be 0..200");
        }
    }

    /** The components in {@link #NAMES} order. */
    public int[] vector() {
        return new int[] {window1, window2, window3, window4, pairs1, pairs2, pairs3, pairs4, fifthPairThreat,
                takeNowPercent, extraThreat, oppOneThreatPercent, oppThreatsPercent, oppThreatEach, openPair,
                ownThree, tempo};
    }

    public static EvalWeights of(int[] v) {
        if (v.length != NAMES.size()) {
            throw new IllegalArgumentException("expected " + NAMES.size() + " weights, got " + v.length);
        }
        return new EvalWeights(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12],
                v[13], v[14], v[15], v[16]);
    }

    /** Parses {@code name=value} pairs separated by spaces or commas, on top of {@code base}. */
    public static EvalWeights parse(String text, EvalWeights base) {
        int[] v = base.vector();
        for (String part : text.trim().split("[\\s,]+")) {
            if (part.isEmpty()) {
                continue;
            }
            int eq = part.indexOf('=');
            int index = eq < 0 ? -1 : NAMES.indexOf(part.substring(0, eq));
            if (index < 0) {
                throw new IllegalArgumentException("not a weight: " + part);
            }
            v[index] = Integer.parseInt(part.substring(eq + 1));
        }
        return of(v);
    }

    /** Value of having captured n pairs (0..4; five is a win and is the search's business). */
    int pairValue(int n) {
        switch (n) {
            case 0:
                return 0;
            case 1:
                return pairs1;
            case 2:
                return pairs2;
            case 3:
                return pairs3;
            default:
                return pairs4;
        }
    }

    /** Value of the next pair for a side holding n pairs. */
    int nextPair(int n) {
        return n >= 4 ? fifthPairThreat : pairValue(n + 1) - pairValue(n);
    }

    /** Window value by stone count 0..5 (a five is a win, scored by the search). */
    int[] windowValues() {
        return new int[] {0, window1, window2, window3, window4, 0};
    }

    /** {@code name=value} pairs, parseable by {@link #parse}. */
    public String format() {
        int[] v = vector();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < v.length; i++) {
            out.append(i == 0 ? "" : " ").append(NAMES.get(i)).append('=').append(v[i]);
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return "EvalWeights" + Arrays.toString(vector());
    }
}

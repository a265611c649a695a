package club.pente.ai.engine.match;

import java.util.Arrays;

/**
 * Elo ratings from pairwise results by maximum likelihood (the Bradley-Terry / logistic model
 * {@code P(i beats j) = 1 / (1 + 10^((Rj - Ri) / 400))}, a draw counting half a win for each side),
 * with 95% error bars from the Fisher information at the maximum.
 *
 * <p>One player is the anchor: its rating is fixed (e.g. level 1 = 1000) and its error is 0, so every
 * other error is the uncertainty of the distance to the anchor. A player that won (or lost) every game
 * would have an infinite maximum-likelihood rating; as BayesElo does, {@code priorDraws} virtual draws
 * are added to every pairing that was played, which keeps the estimate finite and moves a well-measured
 * result very little (0 turns the prior off).
 */
public final class EloEstimate {
    /** Natural-log logistic scale: an Elo difference d gives odds e^(d * K). */
    private static final double K = Math.log(10) / 400;
    private static final double Z95 = 1.959964;

    private final int players;
    private final double[][] games;
    private final double[][] points;

    /** Results of {@code players} players, numbered 0..players-1. */
    public EloEstimate(int players) {
        if (players < 2) {
            throw new IllegalArgumentException("need at least two players");
        }
        this.players = players;
        this.games = new double[players][players];
        this.points = new double[players][players];
    }

    /** Records {@code count} games between a and b in which a scored {@code pointsForA} (wins + draws / 2). */
    public void add(int a, int b, double count, double pointsForA) {
        if (a == b || a < 0 || b < 0 || a >= players || b >= players || count < 0 || pointsForA < 0
                || pointsForA > count) {
            throw new IllegalArgumentException("bad result " + a + " vs " + b + ": " + pointsForA + " of " + count);
        }
        games[a][b] += count;
        games[b][a] += count;
        points[a][b] += pointsForA;
        points[b][a] += count - pointsForA;
    }

    /** One game: a's score 1 (win), 0.5 (draw) or 0 (loss). */
    public void add(int a, int b, double scoreForA) {
        add(a, b, 1, scoreForA);
    }

    /** Games player i played (without the prior). */
    public double games(int i) {
        return Arrays.stream(games[i]).sum();
    }

    /**
     * The ratings and their 95% half-intervals.
     *
     * @param anchor       the player whose rating is fixed
     * @param anchorRating its rating, e.g. 1000
     * @param priorDraws   virtual draws added to every pairing that has games (BayesElo's prior); 0 for none
     */
    public Result solve(int anchor, double anchorRating, double priorDraws) {
        double[][] n = new double[players][players];
        double[][] w = new double[players][players];
        for (int i = 0; i < players; i++) {
            for (int j = 0; j < players; j++) {
                if (i != j && games[i][j] > 0) {
                    n[i][j] = games[i][j] + priorDraws;
                    w[i][j] = points[i][j] + priorDraws / 2;
                }
            }
        }
        requireConnected(n, anchor);
        // Newton's method on r (natural units) with the anchor fixed at 0; the log-likelihood is concave,
        // so a damped Newton step converges from r = 0.
        double[] r = new double[players];
        int[] free = new int[players - 1];
        for (int i = 0, k = 0; i < players; i++) {
            if (i != anchor) {
                free[k++] = i;
            }
        }
        double[][] info = null;
        for (int iteration = 0; iteration < 200; iteration++) {
            double[] gradient = new double[players - 1];
            info = new double[players - 1][players - 1];
            for (int a = 0; a < free.length; a++) {
                int i = free[a];
                for (int j = 0; j < players; j++) {
                    if (n[i][j] == 0) {
                        continue;
                    }
                    double p = 1 / (1 + Math.exp(r[j] - r[i]));
                    gradient[a] += w[i][j] - n[i][j] * p;
                    double v = n[i][j] * p * (1 - p);
                    info[a][a] += v;
                    int b = indexOf(free, j);
                    if (b >= 0) {
                        info[a][b] -= v;
                    }
                }
            }
            double[] step = solveLinear(info, gradient);
            double largest = 0;
            for (double s : step) {
                largest = Math.max(largest, Math.abs(s));
            }
            double damping = largest > 2 ? 2 / largest : 1;
            for (int a = 0; a < free.length; a++) {
                r[free[a]] += damping * step[a];
            }
            if (largest < 1e-10) {
                break;
            }
        }
        double[][] covariance = invert(info);
        double[] elo = new double[players];
        double[] error = new double[players];
        for (int i = 0; i < players; i++) {
            elo[i] = anchorRating + r[i] / K;
        }
        for (int a = 0; a < free.length; a++) {
            error[free[a]] = Z95 * Math.sqrt(covariance[a][a]) / K;
        }
        return new Result(elo, error);
    }

    /** Ratings and 95% half-intervals, indexed by player. */
    public record Result(double[] elo, double[] error) {
    }

    /** The Elo difference that gives an expected score (0 < score < 1). */
    public static double difference(double score) {
        return -400 * Math.log10(1 / score - 1);
    }

    private void requireConnected(double[][] n, int anchor) {
        boolean[] seen = new boolean[players];
        int[] stack = new int[players];
        int top = 0;
        stack[top++] = anchor;
        seen[anchor] = true;
        while (top > 0) {
            int i = stack[--top];
            for (int j = 0; j < players; j++) {
                if (n[i][j] > 0 && !seen[j]) {
                    seen[j] = true;
                    stack[top++] = j;
                }
            }
        }
        for (int i = 0; i < players; i++) {
            if (!seen[i]) {
                throw new IllegalArgumentException("player " + i + " has no chain of games to the anchor");
            }
        }
    }

    private static int indexOf(int[] values, int value) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] == value) {
                return i;
            }
        }
        return -1;
    }

    /** Gaussian elimination with partial pivoting; the matrices here are at most a dozen rows. */
    private static double[] solveLinear(double[][] matrix, double[] rhs) {
        int n = rhs.length;
        double[][] m = new double[n][n + 1];
        for (int i = 0; i < n; i++) {
            System.arraycopy(matrix[i], 0, m[i], 0, n);
            m[i][n] = rhs[i];
        }
        for (int c = 0; c < n; c++) {
            int pivot = c;
            for (int i = c + 1; i < n; i++) {
                if (Math.abs(m[i][c]) > Math.abs(m[pivot][c])) {
                    pivot = i;
                }
            }
            if (Math.abs(m[pivot][c]) < 1e-12) {
                throw new IllegalArgumentException("the results do not determine the ratings (singular information)");
            }
            double[] t = m[c];
            m[c] = m[pivot];
            m[pivot] = t;
            for (int i = 0; i < n; i++) {
                if (i != c) {
                    double f = m[i][c] / m[c][c];
                    for (int k = c; k <= n; k++) {
                        m[i][k] -= f * m[c][k];
                    }
                }
            }
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = m[i][n] / m[i][i];
        }
        return x;
    }

    private static double[][] invert(double[][] matrix) {
        int n = matrix.length;
        double[][] inverse = new double[n][n];
        for (int c = 0; c < n; c++) {
            double[] unit = new double[n];
            unit[c] = 1;
            double[] column = solveLinear(matrix, unit);
            for (int i = 0; i < n; i++) {
                inverse[i][c] = column[i];
            }
        }
        return inverse;
    }
}

package club.pente.ai.engine.tune;

import club.pente.ai.engine.Budget;
import club.pente.ai.engine.Engine;
import club.pente.ai.engine.EngineConfig;
import club.pente.ai.engine.EvalTerms;
import club.pente.ai.engine.EvalWeights;
import club.pente.ai.engine.match.Openings;
import club.pente.core.rules.Color;
import club.pente.core.rules.Position;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Fits {@link EvalWeights} to self-play results (the Texel method), seeded and reproducible.
 *
 * <ol>
 *   <li>Seeded self-play games from varied openings at a small node budget; every quiet position
 *       (no four, no capture win on the board) from ply 5 on is kept with the game's result from
 *       the side to move's view (1 win, 0.5 draw, 0 loss).</li>
 *   <li>K is fitted so that sigmoid(K * eval) under the starting weights best predicts the results
 *       (least squares); K then stays fixed, which keeps the evaluation's scale.</li>
 *   <li>Coordinate descent on the weights: each weight in turn is moved up or down by its step while
 *       the mean squared error on the training games falls; steps start at 1/8 of the value and halve
 *       when a pass finds nothing. One game in ten is held out to watch over-fitting.</li>
 * </ol>
 *
 * <pre>
 * Tuner [--games 1500] [--nodes 3000] [--level 6] [--seed 1] [--passes 60] [--from HAND|"name=v ..."] [--out FILE]
 * Tuner verify [--weights "name=v ..." | --tuned] [--games 160] [--nodes N | --time-ms T] [--level 7] [--seed 1]
 * </pre>
 */
public final class Tuner {
    /** A labelled position. */
    record Sample(EvalTerms terms, double result, int game) {
    }

    private Tuner() {
    }

    public static void main(String[] args) throws IOException {
        try {
            if (args.length > 0 && args[0].equals("verify")) {
                verify(new Args(args, 1));
            } else {
                tune(new Args(args, 0));
            }
        } catch (IllegalArgumentException e) {
            System.err.println("tune: " + e.getMessage());
            System.err.println("usage: tune [--games 1500] [--nodes 3000] [--level 6] [--seed 1] [--passes 60] [--from W] [--out FILE]");
            System.err.println("       tune verify [--weights \"name=v ...\" | --tuned] [--games 160] [--nodes N | --time-ms T] [--level 7] [--seed 1] [--verbose]");
            System.exit(64);
        }
    }

    private static void tune(Args args) throws IOException {
        int games = args.intValue("--games", 1500);
        long nodes = args.intValue("--nodes", 3000);
        int level = args.intValue("--level", 6);
        long seed = args.intValue("--seed", 1);
        int passes = args.intValue("--passes", 60);
        String from = args.value("--from", "HAND");
        String out = args.value("--out", null);
        args.done();
        EvalWeights start = from.equals("HAND") ? EvalWeights.HAND : EvalWeights.parse(from, EvalWeights.HAND);

        long t0 = System.nanoTime();
        List<Sample> samples = generate(games, nodes, level, seed);
        long t1 = System.nanoTime();
        List<Sample> train = new ArrayList<>();
        List<Sample> test = new ArrayList<>();
        for (Sample s : samples) {
            (s.game() % 10 == 9 ? test : train).add(s);
        }
        System.out.printf("self-play: %d games at level %d, %d nodes a move, seed %d: %d quiet positions (%d train, %d held out), %.0f s%n",
                games, level, nodes, seed, samples.size(), train.size(), test.size(), (t1 - t0) / 1e9);

        double k = fitK(train, start);
        System.out.printf("K = %.6f (fitted on the starting weights): train MSE %.6f, held-out MSE %.6f%n",
                k, mse(train, start, k), mse(test, start, k));
        EvalWeights tuned = descend(train, start, k, passes);
        long t2 = System.nanoTime();
        System.out.printf("tuned: train MSE %.6f, held-out MSE %.6f (%.1f s of fitting)%n",
                mse(train, tuned, k), mse(test, tuned, k), (t2 - t1) / 1e9);
        int[] a = start.vector();
        int[] b = tuned.vector();
        for (int i = 0; i < a.length; i++) {
            System.out.printf("  %-20s %6d -> %6d%n", EvalWeights.NAMES.get(i), a[i], b[i]);
        }
        System.out.println("weights: " + tuned.format());
        if (out != null) {
            Files.writeString(Path.of(out), tuned.format() + "\n", StandardCharsets.UTF_8);
            System.out.println("written to " + out);
        }
    }

    /** Seeded self-play; one thread. */
    static List<Sample> generate(int games, long nodes, int level, long seed) {
        List<Sample> samples = new ArrayList<>();
        EngineConfig config = EngineConfig.level(level).withTtBits(16);
        for (int g = 0; g < games; g++) {
            SplittableRandom random = new SplittableRandom(seed * 1_000_003L + g);
            Engine white = new Engine(config, random.nextLong(), EvalWeights.HAND, null);
            Engine black = new Engine(config, random.nextLong(), EvalWeights.HAND, null);
            Position position = new Position();
            for (int point : Openings.random(random)) {
                position.play(point);
            }
            List<EvalTerms> terms = new ArrayList<>();
            List<Color> movers = new ArrayList<>();
            while (!position.status().isOver() && position.ply() < 240) {
                if (position.ply() >= 5) {
                    EvalTerms t = EvalTerms.of(position);
                    if (t.quiet()) {
                        terms.add(t);
                        movers.add(position.toMove());
                    }
                }
                Engine engine = position.toMove() == Color.WHITE ? white : black;
                position.play(engine.bestMove(position, Budget.nodes(nodes)).move());
            }
            if (!position.status().isOver()) {
                continue; // unfinished: no label
            }
            Color winner = position.status().winner();
            for (int i = 0; i < terms.size(); i++) {
                double result = winner == null ? 0.5 : winner == movers.get(i) ? 1 : 0;
                samples.add(new Sample(terms.get(i), result, g));
            }
        }
        return samples;
    }

    static double sigmoid(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    static double mse(List<Sample> samples, EvalWeights w, double k) {
        double sum = 0;
        for (Sample s : samples) {
            double e = s.result() - sigmoid(k * s.terms().evaluate(w));
            sum += e * e;
        }
        return sum / samples.size();
    }

    /** Least-squares K: a scan over a log grid, then golden-section refinement. */
    static double fitK(List<Sample> samples, EvalWeights w) {
        double best = 1e-4;
        double bestErr = Double.MAX_VALUE;
        for (double k = 1e-5; k < 1e-1; k *= 1.25) {
            double err = mse(samples, w, k);
            if (err < bestErr) {
                bestErr = err;
                best = k;
            }
        }
        double lo = best / 1.25;
        double hi = best * 1.25;
        double phi = (Math.sqrt(5) - 1) / 2;
        for (int i = 0; i < 40; i++) {
            double m1 = hi - phi * (hi - lo);
            double m2 = lo + phi * (hi - lo);
            if (mse(samples, w, m1) < mse(samples, w, m2)) {
                hi = m2;
            } else {
                lo = m1;
            }
        }
        return (lo + hi) / 2;
    }

    /** Integer coordinate descent with halving steps; deterministic (fixed order, no randomness). */
    static EvalWeights descend(List<Sample> samples, EvalWeights start, double k, int passes) {
        int[] v = start.vector();
        int[] step = new int[v.length];
        for (int i = 0; i < v.length; i++) {
            step[i] = Math.max(1, Math.abs(v[i]) / 8);
        }
        double best = mse(samples, start, k);
        for (int pass = 0; pass < passes; pass++) {
            boolean improved = false;
            for (int i = 0; i < v.length; i++) {
                for (int sign : new int[] {1, -1}) {
                    while (true) {
                        int[] trial = v.clone();
                        trial[i] += sign * step[i];
                        EvalWeights w;
                        try {
                            w = EvalWeights.of(trial);
                        } catch (IllegalArgumentException outOfRange) {
                            break;
                        }
                        if (trial[i] < 0) {
                            break; // every term is a bonus for its owner: keep the signs
                        }
                        double err = mse(samples, w, k);
                        if (err >= best - 1e-12) {
                            break;
                        }
                        best = err;
                        v = trial;
                        improved = true;
                    }
                }
            }
            if (!improved) {
                boolean any = false;
                for (int i = 0; i < step.length; i++) {
                    if (step[i] > 1) {
                        step[i] /= 2;
                        any = true;
                    }
                }
                if (!any) {
                    break;
                }
            }
        }
        return EvalWeights.of(v);
    }

    private static void verify(Args args) {
        String text = args.value("--weights", null);
        boolean tunedFlag = args.flag("--tuned");
        int games = args.intValue("--games", 160);
        Integer timeMs = args.intOrNull("--time-ms");
        long nodes = args.intValue("--nodes", 20_000);
        int level = args.intValue("--level", 7);
        long seed = args.intValue("--seed", 1);
        boolean verbose = args.flag("--verbose");
        args.done();
        EvalWeights candidate = text != null ? EvalWeights.parse(text, EvalWeights.HAND)
                : tunedFlag ? EvalWeights.TUNED : EvalWeights.DEFAULT;
        Budget budget = timeMs != null ? Budget.millis(timeMs) : Budget.nodes(nodes);
        EngineConfig config = EngineConfig.level(level).withTtBits(18);
        System.out.printf("A = level %d with %s%nB = level %d with hand weights %s%nno opening book, budget %s, seed %d%n", level,
                candidate.format(), level, EvalWeights.HAND.format(),
                timeMs != null ? timeMs + " ms a move" : nodes + " nodes a move", seed);
        // No opening book on either side: the weights alone differ.
        SelfPlayMatch.Result result = SelfPlayMatch.play(s -> new Engine(config, s, candidate, null),
                s -> new Engine(config, s, EvalWeights.HAND, null), budget, games, seed, 300, verbose);
        System.out.println("A (candidate) against B (hand): " + result);
    }

    /** Minimal option parsing: every option is used at most once and unknown ones are refused. */
    public static final class Args {
        private final List<String> rest = new ArrayList<>();

        public Args(String[] args, int from) {
            for (int i = from; i < args.length; i++) {
                rest.add(args[i]);
            }
        }

        public String value(String name, String fallback) {
            int i = rest.indexOf(name);
            if (i < 0) {
                return fallback;
            }
            if (i + 1 >= rest.size()) {
                throw new IllegalArgumentException(name + " needs a value");
            }
            String v = rest.get(i + 1);
            rest.remove(i + 1);
            rest.remove(i);
            return v;
        }

        public int intValue(String name, int fallback) {
            Integer v = intOrNull(name);
            return v == null ? fallback : v;
        }

        public Integer intOrNull(String name) {
            String v = value(name, null);
            if (v == null) {
                return null;
            }
            int n;
            try {
                n = Integer.parseInt(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + " takes a number, not " + v);
            }
            if (n <= 0) {
                throw new IllegalArgumentException(name + " must be positive");
            }
            return n;
        }

        public boolean flag(String name) {
            return rest.remove(name);
        }

        public void done() {
            if (!rest.isEmpty()) {
                throw new IllegalArgumentException("unknown arguments " + rest);
            }
        }
    }
}

package club.pente.ai.engine.match;

import club.pente.ai.engine.Budget;
import club.pente.ai.engine.Engine;
import club.pente.ai.engine.EngineConfig;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Board;
import club.pente.core.rules.Color;
import club.pente.core.rules.Position;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Plays engine levels against each other and prints win rates. Not part of the test run.
 *
 * <pre>
 * MatchRunner --levels 3,5 [--games 40] [--seed 1] [--threads N]
 *             [--time-ms T | --nodes N | --scale F] [--max-plies 300] [--verbose]
 * MatchRunner --ladder [...]     each level from 3 to 8 against the level two below
 * </pre>
 *
 * Games come in pairs with the same random opening (K10, a random Black stone near it, a random legal
 * White stone at distance 3 or 4) and colours swapped, so neither side profits from a lucky opening.
 * Without {@code --time-ms} each level uses its own node budget ({@link EngineConfig#nodes()}, times
 * {@code --scale}), which makes every game reproducible whatever the machine's load; with
 * {@code --time-ms} every level gets that wall time per move.
 */
public final class MatchRunner {
    private record Options(List<int[]> pairings, int games, long seed, int threads, Long timeMs, Long nodes,
                           double scale, int maxPlies, boolean verbose) {
    }

    /** One game's outcome from the first-named level's side: 1 win, 0 loss, 0.5 draw. */
    private record Game(double points, int plies, String moves) {
    }

    private MatchRunner() {
    }

    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("match: " + e.getMessage());
            System.err.println("usage: MatchRunner (--levels A,B | --ladder) [--games 40] [--seed 1] [--threads N]");
            System.err.println("                   [--time-ms T | --nodes N | --scale F] [--max-plies 300] [--verbose]");
            System.exit(64);
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(options.threads());
        try {
            System.out.printf("games per pairing %d, seed %d, threads %d, budget %s%n", options.games(), options.seed(),
                    options.threads(), describeBudget(options));
            for (int[] pairing : options.pairings()) {
                runPairing(pool, options, pairing[0], pairing[1]);
            }
        } finally {
            pool.shutdown();
        }
    }

    private static void runPairing(ExecutorService pool, Options options, int a, int b) throws Exception {
        long start = System.nanoTime();
        List<Future<Game>> futures = new ArrayList<>();
        for (int g = 0; g < options.games(); g++) {
            final int game = g;
            futures.add(pool.submit(() -> play(options, a, b, game)));
        }
        double points = 0;
        int wins = 0;
        int losses = 0;
        long plies = 0;
        for (int g = 0; g < futures.size(); g++) {
            Game game = futures.get(g).get();
            points += game.points();
            plies += game.plies();
            if (game.points() == 1) {
                wins++;
            } else if (game.points() == 0) {
                losses++;
            }
            if (options.verbose()) {
                System.out.printf("  game %d: %s %s%n", g + 1, game.points() == 1 ? "L" + a + " won" : game.points() == 0
                        ? "L" + b + " won" : "draw", game.moves());
            }
        }
        int games = futures.size();
        System.out.printf("level %d vs level %d: %d wins, %d losses, %d draws of %d -> %.1f%% for level %d"
                        + " (avg %.0f plies, %.0f s)%n",
                a, b, wins, losses, games - wins - losses, games, 100.0 * points / games, a,
                (double) plies / games, (System.nanoTime() - start) / 1e9);
    }

    private static Game play(Options options, int a, int b, int game) {
        // A pair of games shares an opening; the first-named level is White in even games.
        SplittableRandom openingRandom = new SplittableRandom(options.seed() * 1_000_003L + game / 2);
        boolean aIsWhite = game % 2 == 0;
        long seed = options.seed() * 7_919L + game;
        Engine white = new Engine(config(aIsWhite ? a : b), seed * 2);
        Engine black = new Engine(config(aIsWhite ? b : a), seed * 2 + 1);
        Position position = new Position();
        StringBuilder moves = new StringBuilder();
        for (int point : opening(openingRandom)) {
            position.play(point);
            moves.append(Notation.format(point)).append(' ');
        }
        while (!position.status().isOver() && position.ply() < options.maxPlies()) {
            Engine engine = position.toMove() == Color.WHITE ? white : black;
            int move = engine.bestMove(position, budget(options, engine.config())).move();
            position.play(move);
            moves.append(Notation.format(move)).append(' ');
        }
        Color winner = position.status().winner();
        double points = winner == null ? 0.5 : (winner == Color.WHITE) == aIsWhite ? 1 : 0;
        return new Game(points, position.ply(), moves.toString().trim());
    }

    private static int[] opening(SplittableRandom random) {
        int second;
        do {
            second = Board.point(9 + random.nextInt(-2, 3), 9 + random.nextInt(-2, 3));
        } while (second == Board.CENTRE);
        int third;
        do {
            third = Board.point(9 + random.nextInt(-4, 5), 9 + random.nextInt(-4, 5));
        } while (Board.distance(third, Board.CENTRE) < 3 || third == second);
        return new int[] {Board.CENTRE, second, third};
    }

    private static EngineConfig config(int level) {
        // A small table per engine: match games run many engines side by side.
        return EngineConfig.level(level).withTtBits(18);
    }

    private static Budget budget(Options options, EngineConfig config) {
        if (options.timeMs() != null) {
            return Budget.millis(options.timeMs());
        }
        if (options.nodes() != null) {
            return Budget.nodes(options.nodes());
        }
        return Budget.nodes(Math.max(100, (long) (config.nodes() * options.scale())));
    }

    private static String describeBudget(Options options) {
        if (options.timeMs() != null) {
            return options.timeMs() + " ms per move";
        }
        if (options.nodes() != null) {
            return options.nodes() + " nodes per move";
        }
        return "each level's node budget x " + options.scale();
    }

    private static Options parse(String[] args) {
        List<int[]> pairings = new ArrayList<>();
        int games = 40;
        long seed = 1;
        int threads = Runtime.getRuntime().availableProcessors();
        Long timeMs = null;
        Long nodes = null;
        double scale = 1;
        int maxPlies = 300;
        boolean verbose = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--ladder" -> {
                    for (int level = EngineConfig.MAX_LEVEL; level >= EngineConfig.MIN_LEVEL + 2; level--) {
                        pairings.add(new int[] {level, level - 2});
                    }
                }
                case "--levels" -> {
                    String[] parts = value(args, ++i, arg).split(",");
                    if (parts.length != 2) {
                        throw new IllegalArgumentException("--levels takes two levels, like 3,5");
                    }
                    pairings.add(new int[] {level(parts[0]), level(parts[1])});
                }
                case "--games" -> games = positive(value(args, ++i, arg), arg);
                case "--seed" -> seed = Long.parseLong(value(args, ++i, arg));
                case "--threads" -> threads = positive(value(args, ++i, arg), arg);
                case "--time-ms" -> timeMs = (long) positive(value(args, ++i, arg), arg);
                case "--nodes" -> nodes = (long) positive(value(args, ++i, arg), arg);
                case "--scale" -> scale = Double.parseDouble(value(args, ++i, arg));
                case "--max-plies" -> maxPlies = positive(value(args, ++i, arg), arg);
                case "--verbose" -> verbose = true;
                default -> throw new IllegalArgumentException("unknown argument " + arg);
            }
        }
        if (pairings.isEmpty()) {
            throw new IllegalArgumentException("give --levels A,B or --ladder");
        }
        return new Options(pairings, games, seed, threads, timeMs, nodes, scale, maxPlies, verbose);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static int level(String text) {
        int level = Integer.parseInt(text.strip());
        if (level < EngineConfig.MIN_LEVEL || level > EngineConfig.MAX_LEVEL) {
            throw new IllegalArgumentException("levels are 1 to 8, not " + level);
        }
        return level;
    }

    private static int positive(String text, String option) {
        int value = Integer.parseInt(text);
        if (value <= 0) {
            throw new IllegalArgumentException(option + " must be positive");
        }
        return value;
    }
}

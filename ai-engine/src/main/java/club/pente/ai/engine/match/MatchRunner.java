package club.pente.ai.engine.match;

import club.pente.ai.engine.Budget;
import club.pente.ai.engine.Engine;
import club.pente.ai.engine.EngineConfig;
import club.pente.ai.engine.protocol.ExternalEngine;
import club.pente.ai.engine.protocol.ExternalEngine.EngineFailure;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Color;
import club.pente.core.rules.Position;
import club.pente.core.rules.Variant;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Plays engines against each other, prints win rates and estimates Elo ratings with error bars.
 * Not part of the test run.
 *
 * <pre>
 * MatchRunner --levels A,B | --ladder | --round-robin 1-8 | --engine-a SIDE --engine-b SIDE
 *             [--external NAME=COMMAND ...] [--games 40] [--seed 1] [--threads N]
 *             [--time-ms T | --nodes N | --scale F] [--max-plies 300] [--prior-draws 1]
 *             [--write levels.json] [--anchor SIDE] [--engine-threads 1] [--grace-ms 1000] [--engine-stderr] [--verbose]
 *             [--variant pente|keryo|gomoku]
 * </pre>
 *
 * A SIDE is a level of this engine (a number), a NAME given with {@code --external}, or (for
 * {@code --engine-a/-b}) a command line run by {@code /bin/sh -c} that speaks docs/engine-protocol.md.
 * An external engine that does not answer in time (the move's time plus {@code --grace-ms}), answers
 * garbage or an illegal move loses that game and its process is killed.
 *
 * <p>Games come in pairs with the same random opening (K10, a random Black stone near it, a random legal
 * White stone at distance 3 or 4) and colours swapped, so neither side profits from a lucky opening.
 * Without {@code --time-ms} each level uses its own node budget ({@link EngineConfig#nodes()}, times
 * {@code --scale}), which makes every game reproducible whatever the machine's load; with
 * {@code --time-ms} every side gets that wall time per move (external engines: {@code go T}), and with
 * {@code --nodes N} every side that many nodes (external engines: {@code go 60000 nodes N}).
 *
 * <p>After the games, the Elo of every side comes from all results by maximum likelihood
 * ({@link EloEstimate}), the first side (or {@code --anchor SIDE}) anchored at 1000, with 95% error bars; {@code --write} stores a
 * round-robin of levels as the levels.json that the service serves.
 */
public final class MatchRunner {
    /** Who plays one side. */
    sealed interface Side permits LevelSide, ExternalSide {
        String label();
    }

    /** A level of the engine on this classpath, played in this JVM. */
    record LevelSide(int level) implements Side {
        @Override
        public String label() {
            return "level " + level;
        }
    }

    /** A command speaking the line protocol, started once per game. */
    record ExternalSide(String name, String command) implements Side {
        @Override
        public String label() {
            return name;
        }
    }

    record Options(List<Side[]> pairings, List<Side> sides, boolean roundRobin, int games, long seed, int threads,
                   Long timeMs, Long nodes, double scale, int maxPlies, double priorDraws, String write, int engineThreads,
                   int anchor,
                   ExternalEngine.Timeouts timeouts, boolean engineStderr, boolean verbose, String commandLine,
                   Variant variant) {
    }

    /** One game's outcome from the first-named side: 1 win, 0 loss, 0.5 draw; forfeit says who did what wrong. */
    record Game(double points, int plies, String moves, String forfeit, long millis) {
    }

    /** A side while it plays one game. */
    private interface Player extends AutoCloseable {
        int move(Position position, List<Integer> moves) throws EngineFailure;

        @Override
        void close();
    }

    private static final long NODE_MODE_MILLIS = 60_000;

    private MatchRunner() {
    }

    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("match: " + e.getMessage());
            System.err.println("usage: MatchRunner --levels A,B | --ladder | --round-robin 1-8 | --engine-a SIDE --engine-b SIDE");
            System.err.println("                   [--external NAME=COMMAND ...] [--games 40] [--seed 1] [--threads N]");
            System.err.println("                   [--time-ms T | --nodes N | --scale F] [--max-plies 300] [--prior-draws 1]");
            System.err.println("                   [--write levels.json] [--anchor SIDE] [--engine-threads 1] [--grace-ms 1000] [--engine-stderr] [--verbose]");
            System.err.println("                   [--variant pente|keryo|gomoku]   (external engines get 'variant ID' when not pente)");
            System.err.println("  SIDE: a level number, a NAME from --external, or a command speaking docs/engine-protocol.md");
            System.exit(64);
            return;
        }
        System.exit(run(options));
    }

    static int run(Options options) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(options.threads());
        long start = System.nanoTime();
        EloEstimate elo = new EloEstimate(options.sides().size());
        double[] points = new double[options.sides().size()];
        try {
            System.out.printf("games per pairing %d, seed %d, threads %d, budget %s%n", options.games(), options.seed(),
                    options.threads(), describeBudget(options));
            List<List<Future<Game>>> all = new ArrayList<>();
            for (Side[] pairing : options.pairings()) {
                List<Future<Game>> futures = new ArrayList<>();
                for (int g = 0; g < options.games(); g++) {
                    final int game = g;
                    futures.add(pool.submit(() -> play(options, pairing[0], pairing[1], game)));
                }
                all.add(futures);
            }
            for (int p = 0; p < all.size(); p++) {
                Side a = options.pairings().get(p)[0];
                Side b = options.pairings().get(p)[1];
                double score = report(options, a, b, all.get(p));
                int ia = options.sides().indexOf(a);
                int ib = options.sides().indexOf(b);
                elo.add(ia, ib, options.games(), score);
                points[ia] += score;
                points[ib] += options.games() - score;
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.printf("all games: %.0f s%n", (System.nanoTime() - start) / 1e9);
        EloEstimate.Result result;
        try {
            result = elo.solve(options.anchor(), 1000, options.priorDraws());
        } catch (IllegalArgumentException e) {
            System.out.println("no Elo estimate: " + e.getMessage());
            return 0;
        }
        printTable(options, elo, result, points);
        boolean ordered = checkOrder(options, result);
        if (options.write() != null) {
            Path file = Path.of(options.write());
            Files.writeString(file, levelsJson(options, elo, result), StandardCharsets.UTF_8);
            System.out.println("wrote " + file + (ordered ? "" : " (levels NOT strictly ordered, see the warnings)"));
        }
        return 0;
    }

    private static double report(Options options, Side a, Side b, List<Future<Game>> futures) throws Exception {
        long millis = 0;
        double points = 0;
        int wins = 0;
        int losses = 0;
        int forfeits = 0;
        long plies = 0;
        for (int g = 0; g < futures.size(); g++) {
            Game game = futures.get(g).get();
            points += game.points();
            plies += game.plies();
            millis += game.millis();
            if (game.points() == 1) {
                wins++;
            } else if (game.points() == 0) {
                losses++;
            }
            if (game.forfeit() != null) {
                forfeits++;
                System.out.printf("  game %d: %s%n", g + 1, game.forfeit());
            }
            if (options.verbose()) {
                System.out.printf("  game %d: %s %s%n", g + 1, game.points() == 1 ? a.label() + " won" : game.points() == 0
                        ? b.label() + " won" : "draw", game.moves());
            }
        }
        int games = futures.size();
        System.out.printf(Locale.ROOT, "%s vs %s: %d wins, %d losses, %d draws of %d -> %.1f%% for %s"
                        + " (avg %.0f plies, %d forfeits, %.0f s of games)%n",
                a.label(), b.label(), wins, losses, games - wins - losses, games, 100.0 * points / games, a.label(),
                (double) plies / games, forfeits, millis / 1e3);
        return points;
    }

    private static void printTable(Options options, EloEstimate elo, EloEstimate.Result result, double[] points) {
        System.out.printf("Elo (maximum likelihood, %s = 1000, %s virtual draw(s) per pairing, +- 95%%):%n",
                options.sides().get(options.anchor()).label(), fmt(options.priorDraws()));
        for (int i = 0; i < options.sides().size(); i++) {
            double games = elo.games(i);
            System.out.printf(Locale.ROOT, "  %-24s %6.0f +- %3.0f   %4.0f games, %5.1f%%%n", options.sides().get(i).label(),
                    result.elo()[i], result.error()[i], games, games == 0 ? 0 : 100 * points[i] / games);
        }
    }

    /** Warns when a higher level does not rate above the level below it. */
    private static boolean checkOrder(Options options, EloEstimate.Result result) {
        Map<Integer, Integer> byLevel = new java.util.TreeMap<>();
        for (int i = 0; i < options.sides().size(); i++) {
            if (options.sides().get(i) instanceof LevelSide level) {
                byLevel.put(level.level(), i);
            }
        }
        boolean ordered = true;
        Integer previous = null;
        for (Map.Entry<Integer, Integer> entry : byLevel.entrySet()) {
            if (previous != null) {
                double low = result.elo()[byLevel.get(previous)];
                double high = result.elo()[entry.getValue()];
                if (high <= low) {
                    ordered = false;
                    System.out.printf(Locale.ROOT, "WARNING: level %d (%.0f) is not above level %d (%.0f)%n",
                            entry.getKey(), high, previous, low);
                }
            }
            previous = entry.getKey();
        }
        if (ordered && byLevel.size() > 1) {
            System.out.println("levels strictly ordered");
        }
        return ordered;
    }

    static String levelsJson(Options options, EloEstimate elo, EloEstimate.Result result) {
        StringBuilder levels = new StringBuilder();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < options.sides().size(); i++) {
            if (!(options.sides().get(i) instanceof LevelSide side)) {
                throw new IllegalArgumentException("--write stores levels only, not " + options.sides().get(i).label());
            }
            names.add(Integer.toString(side.level()));
            if (levels.length() > 0) {
                levels.append(",\n  ");
            }
            levels.append(String.format(Locale.ROOT, "{\"level\":%d,\"elo\":%d,\"error\":%d,\"millis\":%d,\"games\":%d}",
                    side.level(), Math.round(result.elo()[i]), Math.round(result.error()[i]),
                    EngineConfig.level(side.level()).millis(), Math.round(elo.games(i))));
        }
        String method = String.format(Locale.ROOT, "round-robin of levels %s, %d games per pairing (pairs of games on one"
                        + " random 3-stone opening, colours swapped), %s, %d search thread(s) per engine; Elo by"
                        + " maximum likelihood (Bradley-Terry,"
                        + " draws half), %s virtual draw(s) per pairing as prior; error = 95%% half-interval from the"
                        + " Fisher information, relative to the anchor; engine %s; command: ./pente match %s",
                String.join(",", names), options.games(), describeBudget(options), options.engineThreads(),
                fmt(options.priorDraws()),
                engineRevision(), options.commandLine());
        return "{\"method\":\"" + jsonEscape(method) + "\",\n"
                + " \"measured\":\"" + LocalDate.now(ZoneOffset.UTC) + "\",\n"
                + " \"anchor\":\"" + jsonEscape(options.sides().get(options.anchor()).label()) + " = 1000\",\n"
                + " \"levels\":[\n  " + levels + "]}\n";
    }

    static Game play(Options options, Side a, Side b, int game) {
        long start = System.nanoTime();
        // A pair of games shares an opening; the first-named side is White in even games.
        SplittableRandom openingRandom = new SplittableRandom(options.seed() * 1_000_003L + game / 2);
        boolean aIsWhite = game % 2 == 0;
        long seed = options.seed() * 7_919L + game;
        Side whiteSide = aIsWhite ? a : b;
        Side blackSide = aIsWhite ? b : a;
        Position position = new Position(options.variant());
        List<Integer> moves = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (int point : Openings.random(openingRandom)) {
            position.play(point);
            moves.add(point);
            text.append(Notation.format(point)).append(' ');
        }
        Player white = null;
        Player black = null;
        Color forfeited = null;
        String forfeit = null;
        try {
            try {
                white = player(options, whiteSide, seed * 2, "white");
            } catch (EngineFailure e) {
                forfeited = Color.WHITE;
                forfeit = e.getMessage();
            }
            if (forfeited == null) {
                try {
                    black = player(options, blackSide, seed * 2 + 1, "black");
                } catch (EngineFailure e) {
                    forfeited = Color.BLACK;
                    forfeit = e.getMessage();
                }
            }
            while (forfeited == null && !position.status().isOver() && position.ply() < options.maxPlies()) {
                Color mover = position.toMove();
                Player player = mover == Color.WHITE ? white : black;
                try {
                    int move = player.move(position, moves);
                    if (position.check(move) != null) {
                        throw new EngineFailure((mover == Color.WHITE ? whiteSide : blackSide).label() + " played "
                                + Notation.format(move) + ": " + position.check(move).message());
                    }
                    position.play(move);
                    moves.add(move);
                    text.append(Notation.format(move)).append(' ');
                } catch (EngineFailure e) {
                    forfeited = mover;
                    forfeit = e.getMessage();
                }
            }
        } finally {
            if (white != null) {
                white.close();
            }
            if (black != null) {
                black.close();
            }
        }
        Color winner = forfeited != null ? forfeited.opponent() : position.status().winner();
        double points = winner == null ? 0.5 : (winner == Color.WHITE) == aIsWhite ? 1 : 0;
        String note = forfeit == null ? null
                : (forfeited == Color.WHITE ? whiteSide : blackSide).label() + " forfeits at ply " + (position.ply() + 1)
                + ": " + forfeit;
        return new Game(points, position.ply(), text.toString().trim(), note, (System.nanoTime() - start) / 1_000_000);
    }

    private static Player player(Options options, Side side, long seed, String colour) throws EngineFailure {
        if (side instanceof LevelSide level) {
            Engine engine = new Engine(config(level.level(), options.engineThreads()), seed);
            Budget budget = budget(options, engine.config());
            return new Player() {
                @Override
                public int move(Position position, List<Integer> moves) {
                    return engine.bestMove(position, budget).move();
                }

                @Override
                public void close() {
                }
            };
        }
        ExternalSide external = (ExternalSide) side;
        ExternalEngine engine = ExternalEngine.start(external.name() + "/" + colour,
                ExternalEngine.shell(external.command()), options.timeouts(), options.engineStderr());
        try {
            engine.newGame();
            if (options.variant() != Variant.PENTE) {
                // Only then: engines written before variants need not know the command.
                engine.variant(options.variant());
            }
        } catch (EngineFailure e) {
            engine.close();
            throw e;
        }
        long millis = options.timeMs() != null ? options.timeMs() : NODE_MODE_MILLIS;
        return new Player() {
            @Override
            public int move(Position position, List<Integer> moves) throws EngineFailure {
                engine.position(moves);
                return engine.go(millis, options.nodes()).move();
            }

            @Override
            public void close() {
                engine.close();
            }
        };
    }

    private static EngineConfig config(int level, int threads) {
        // At most 2^20 table entries per engine (16 MB): match games run many engines side by side. One
        // search thread by default keeps node-budget games reproducible (level 9 plays with all cores).
        EngineConfig config = EngineConfig.level(level);
        return config.withTtBits(Math.min(config.ttBits(), 20)).withThreads(threads);
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
        return "each level's node budget (EngineConfig.nodes) x " + fmt(options.scale());
    }

    /**
     * Which engine played: the jar (or directory) its Engine class came from, and for this checkout's
     * own build, the git HEAD and whether the engine's sources differ from it.
     */
    private static String engineRevision() {
        java.security.CodeSource source = Engine.class.getProtectionDomain().getCodeSource();
        String location = source == null || source.getLocation() == null ? "unknown" : source.getLocation().getPath();
        String text = "classes from " + location;
        if (!location.contains("/ai-engine/target/")) {
            return text;
        }
        String head = git("rev-parse", "--short", "HEAD");
        if (head == null) {
            return text;
        }
        String dirty = git("status", "--porcelain", "--", "ai-engine/src/main", "pente-core/src/main");
        return text + " at git " + head + (dirty == null || dirty.isEmpty() ? "" : " plus uncommitted changes to the engine sources");
    }

    private static String git(String... args) {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out;
            try (InputStream in = process.getInputStream()) {
                out = in.readAllBytes();
            }
            if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
                return null;
            }
            return new String(out, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static String fmt(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    private static String jsonEscape(String text) {
        StringBuilder out = new StringBuilder();
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    static Options parse(String[] args) {
        List<String[]> pairTokens = new ArrayList<>();
        List<String> robin = null;
        String engineA = null;
        String engineB = null;
        Map<String, String> externals = new LinkedHashMap<>();
        int games = 40;
        long seed = 1;
        int threads = Runtime.getRuntime().availableProcessors();
        Long timeMs = null;
        Long nodes = null;
        double scale = 1;
        int maxPlies = 300;
        double priorDraws = 1;
        String write = null;
        int engineThreads = 1;
        String anchorToken = null;
        long graceMs = ExternalEngine.Timeouts.DEFAULT.graceMillis();
        boolean engineStderr = false;
        boolean verbose = false;
        Variant variant = Variant.PENTE;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--ladder" -> {
                    for (int level = EngineConfig.MAX_LEVEL; level >= EngineConfig.MIN_LEVEL + 2; level--) {
                        pairTokens.add(new String[] {Integer.toString(level), Integer.toString(level - 2)});
                    }
                }
                case "--levels" -> {
                    String[] parts = value(args, ++i, arg).split(",");
                    if (parts.length != 2) {
                        throw new IllegalArgumentException("--levels takes two sides, like 3,5");
                    }
                    pairTokens.add(new String[] {parts[0].strip(), parts[1].strip()});
                }
                case "--round-robin" -> robin = list(value(args, ++i, arg));
                case "--engine-a" -> engineA = value(args, ++i, arg);
                case "--engine-b" -> engineB = value(args, ++i, arg);
                case "--external" -> {
                    String spec = value(args, ++i, arg);
                    int eq = spec.indexOf('=');
                    if (eq <= 0 || eq == spec.length() - 1 || !spec.substring(0, eq).matches("[A-Za-z][A-Za-z0-9_.-]{0,31}")) {
                        throw new IllegalArgumentException("--external takes NAME=COMMAND (NAME: a letter, then letters, digits, _.-)");
                    }
                    externals.put(spec.substring(0, eq), spec.substring(eq + 1));
                }
                case "--games" -> games = positive(value(args, ++i, arg), arg);
                case "--seed" -> seed = Long.parseLong(value(args, ++i, arg));
                case "--threads" -> threads = positive(value(args, ++i, arg), arg);
                case "--time-ms" -> timeMs = (long) positive(value(args, ++i, arg), arg);
                case "--nodes" -> nodes = (long) positive(value(args, ++i, arg), arg);
                case "--scale" -> scale = Double.parseDouble(value(args, ++i, arg));
                case "--max-plies" -> maxPlies = positive(value(args, ++i, arg), arg);
                case "--prior-draws" -> priorDraws = Double.parseDouble(value(args, ++i, arg));
                case "--write" -> write = value(args, ++i, arg);
                case "--engine-threads" -> engineThreads = positive(value(args, ++i, arg), arg);
                case "--anchor" -> anchorToken = value(args, ++i, arg);
                case "--grace-ms" -> graceMs = positive(value(args, ++i, arg), arg);
                case "--engine-stderr" -> engineStderr = true;
                case "--verbose" -> verbose = true;
                case "--variant" -> variant = Variant.parse(value(args, ++i, arg));
                default -> throw new IllegalArgumentException("unknown argument " + arg);
            }
        }
        if ((engineA == null) != (engineB == null)) {
            throw new IllegalArgumentException("give both --engine-a and --engine-b");
        }
        if (!(scale > 0) || priorDraws < 0 || Double.isNaN(priorDraws)) {
            throw new IllegalArgumentException("--scale must be positive and --prior-draws not negative");
        }
        if (timeMs != null && nodes != null) {
            throw new IllegalArgumentException("give --time-ms or --nodes, not both");
        }
        List<Side> sides = new ArrayList<>();
        List<Side[]> pairings = new ArrayList<>();
        for (String[] pair : pairTokens) {
            pairings.add(new Side[] {side(pair[0], externals, sides, null), side(pair[1], externals, sides, null)});
        }
        if (engineA != null) {
            pairings.add(new Side[] {side(engineA, externals, sides, "A"), side(engineB, externals, sides, "B")});
        }
        if (robin != null) {
            List<Side> members = new ArrayList<>();
            for (String token : robin) {
                Side side = side(token, externals, sides, null);
                if (members.contains(side)) {
                    throw new IllegalArgumentException("--round-robin names " + side.label() + " twice");
                }
                members.add(side);
            }
            if (members.size() < 2) {
                throw new IllegalArgumentException("--round-robin needs at least two sides");
            }
            for (int i = 0; i < members.size(); i++) {
                for (int j = i + 1; j < members.size(); j++) {
                    // The stronger-looking (later) side first, so the printed rates read "how much better".
                    pairings.add(new Side[] {members.get(j), members.get(i)});
                }
            }
        }
        if (pairings.isEmpty()) {
            throw new IllegalArgumentException("give --levels A,B, --ladder, --round-robin LIST or --engine-a/--engine-b");
        }
        for (Side[] pairing : pairings) {
            if (pairing[0].equals(pairing[1]) && pairing[0] instanceof ExternalSide) {
                throw new IllegalArgumentException("an external engine cannot play itself in one pairing: give it two names");
            }
            for (Side side : pairing) {
                if (side instanceof ExternalSide && timeMs == null && nodes == null) {
                    throw new IllegalArgumentException("external engines need --time-ms T or --nodes N");
                }
            }
        }
        if (write != null && variant != Variant.PENTE) {
            throw new IllegalArgumentException("--write stores Pente's levels: leave out --variant");
        }
        if (write != null && robin == null) {
            throw new IllegalArgumentException("--write stores a --round-robin of levels");
        }
        int anchor = 0;
        if (anchorToken != null) {
            anchor = sides.indexOf(side(anchorToken, externals, new ArrayList<>(), null));
            if (anchor < 0) {
                throw new IllegalArgumentException("--anchor " + anchorToken + " does not play");
            }
        }
        ExternalEngine.Timeouts timeouts = new ExternalEngine.Timeouts(ExternalEngine.Timeouts.DEFAULT.handshakeMillis(),
                ExternalEngine.Timeouts.DEFAULT.commandMillis(), graceMs);
        return new Options(pairings, sides, robin != null, games, seed, threads, timeMs, nodes, scale, maxPlies,
                priorDraws, write, engineThreads, anchor, timeouts, engineStderr, verbose, String.join(" ", quoted(args)),
                variant);
    }

    /** Resolves a side token and records it in {@code sides} (first appearance order). */
    private static Side side(String token, Map<String, String> externals, List<Side> sides, String commandLabel) {
        Side side;
        if (token.matches("\\d{1,2}")) {
            int level = Integer.parseInt(token);
            if (level < EngineConfig.MIN_LEVEL || level > EngineConfig.MAX_LEVEL) {
                throw new IllegalArgumentException("levels are " + EngineConfig.MIN_LEVEL + " to " + EngineConfig.MAX_LEVEL
                        + ", not " + level);
            }
            side = new LevelSide(level);
        } else if (externals.containsKey(token)) {
            side = new ExternalSide(token, externals.get(token));
        } else if (commandLabel != null && !token.isBlank()) {
            side = new ExternalSide("engine-" + commandLabel.toLowerCase(Locale.ROOT), token);
        } else {
            throw new IllegalArgumentException("'" + token + "' is neither a level nor a NAME given with --external");
        }
        if (!sides.contains(side)) {
            sides.add(side);
        }
        return side;
    }

    /** "1-8" or "1,3,5" or "1-4,old": levels and external names. */
    private static List<String> list(String text) {
        List<String> tokens = new ArrayList<>();
        for (String part : text.split(",")) {
            String token = part.strip();
            if (token.matches("\\d{1,2}-\\d{1,2}")) {
                int from = Integer.parseInt(token.substring(0, token.indexOf('-')));
                int to = Integer.parseInt(token.substring(token.indexOf('-') + 1));
                if (to < from) {
                    throw new IllegalArgumentException("range " + token + " runs backwards");
                }
                for (int level = from; level <= to; level++) {
                    tokens.add(Integer.toString(level));
                }
            } else if (!token.isEmpty()) {
                tokens.add(token);
            }
        }
        return tokens;
    }

    private static List<String> quoted(String[] args) {
        List<String> out = new ArrayList<>();
        for (String arg : args) {
            out.add(arg.matches("[A-Za-z0-9_./,=:+-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'");
        }
        return out;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static int positive(String text, String option) {
        int value;
        try {
            value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " takes a whole number, not '" + text + "'");
        }
        if (value <= 0) {
            throw new IllegalArgumentException(option + " must be positive");
        }
        return value;
    }
}

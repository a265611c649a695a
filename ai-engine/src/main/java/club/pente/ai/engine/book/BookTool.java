package club.pente.ai.engine.book;

import club.pente.ai.engine.Budget;
import club.pente.ai.engine.Engine;
import club.pente.ai.engine.EngineConfig;
import club.pente.ai.engine.EvalWeights;
import club.pente.ai.engine.tune.SelfPlayMatch;
import club.pente.ai.engine.tune.Tuner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * {@code ./pente book ...}:
 * <pre>
 * book build [--plies 4] [--nodes 1000000] [--limit 100000] [--seed 1] [--out FILE]
 * book match [--games 24] [--time-ms 200 | --nodes N] [--level 8] [--seed 1] [--book FILE] [--verbose]
 * book show [--book FILE]
 * </pre>
 */
public final class BookTool {
    private BookTool() {
    }

    public static void main(String[] args) throws IOException {
        String command = args.length == 0 ? "" : args[0];
        try {
            Tuner.Args options = new Tuner.Args(args, 1);
            switch (command) {
                case "build" -> build(options);
                case "match" -> match(options);
                case "show" -> show(options);
                default -> throw new IllegalArgumentException("give build, match or show");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("book: " + e.getMessage());
            System.err.println("usage: book build [--plies 4] [--nodes 1000000] [--limit N] [--seed 1] [--out FILE]");
            System.err.println("       book match [--games 24] [--time-ms 200 | --nodes N] [--level 8] [--seed 1] [--book FILE] [--verbose]");
            System.err.println("       book show [--book FILE]");
            System.exit(64);
        }
    }

    private static void build(Tuner.Args args) throws IOException {
        int plies = args.intValue("--plies", 4);
        int nodes = args.intValue("--nodes", 1_000_000);
        int limit = args.intValue("--limit", 100_000);
        long seed = args.intValue("--seed", 1);
        String out = args.value("--out", null);
        args.done();
        long start = System.nanoTime();
        OpeningBook book = new BookBuilder(plies, nodes, limit, seed).build(System.out::println);
        double seconds = (System.nanoTime() - start) / 1e9;
        String header = String.format("Pente opening book: %d positions (plies 1-%d), one level-8 search of %d nodes each,"
                        + " seed %d, one thread, %.0f s%nbuilt %s by: ./pente book build --plies %d --nodes %d --seed %d%n"
                        + "format: MOVES FROM THE START : BOOK MOVE SCORE WEIGHT[, ...]   (docs/opening-book.md)",
                book.size(), plies - 1, nodes, seed, seconds, Instant.now().toString().substring(0, 10), plies, nodes, seed);
        String text = book.format(header);
        if (out == null) {
            System.out.print(text);
        } else {
            Files.writeString(Path.of(out), text, StandardCharsets.UTF_8);
            System.out.printf("%d positions written to %s in %.0f s%n", book.size(), out, seconds);
        }
    }

    private static OpeningBook load(Tuner.Args args) throws IOException {
        String file = args.value("--book", null);
        return file == null ? OpeningBook.standard()
                : OpeningBook.parse(Files.readString(Path.of(file), StandardCharsets.UTF_8));
    }

    private static void match(Tuner.Args args) throws IOException {
        int games = args.intValue("--games", 24);
        Integer timeMs = args.intOrNull("--time-ms");
        Integer nodes = args.intOrNull("--nodes");
        int level = args.intValue("--level", 8);
        long seed = args.intValue("--seed", 1);
        boolean verbose = args.flag("--verbose");
        OpeningBook book = load(args);
        args.done();
        Budget budget = nodes != null ? Budget.nodes(nodes) : Budget.millis(timeMs != null ? timeMs : 200);
        EngineConfig config = EngineConfig.level(level).withTtBits(18);
        System.out.printf("A = level %d with the opening book (%d positions), B = level %d without; %s a move, seed %d%n",
                level, book.size(), level, nodes != null ? nodes + " nodes" : budget.millis() + " ms", seed);
        SelfPlayMatch.Result result = SelfPlayMatch.play(s -> new Engine(config, s, EvalWeights.DEFAULT, book),
                s -> new Engine(config, s, EvalWeights.DEFAULT, null), budget, games, seed, 300, verbose);
        System.out.println("A (book) against B (no book): " + result);
    }

    private static void show(Tuner.Args args) throws IOException {
        OpeningBook book = load(args);
        args.done();
        System.out.printf("%d positions, plies up to %d%n", book.size(), book.maxPly());
        for (OpeningBook.Line line : book.lines()) {
            System.out.println(line.format());
        }
    }
}

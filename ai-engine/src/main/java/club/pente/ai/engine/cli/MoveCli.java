package club.pente.ai.engine.cli;

import club.pente.ai.engine.Budget;
import club.pente.ai.engine.Engine;
import club.pente.ai.engine.EngineConfig;
import club.pente.ai.engine.SearchResult;
import club.pente.core.contract.Contracts;
import club.pente.core.notation.Notation;
import club.pente.core.notation.Replay;
import club.pente.core.rules.Position;
import club.pente.core.rules.Variant;
import com.fasterxml.jackson.core.JsonProcessingException;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code pente move --level N [--time-ms T] [--seed S] [--variant V] [--json] [FILE]}: replays a move list like
 * {@code pente replay} (under the variant's rules, default Pente) and prints the engine's move for the side to move, in notation, or with
 * {@code --json} as {@code {"move":"K10","score":..,"depth":..,"nodes":..,"pv":[...],"timeMs":..}}.
 * Exit codes as in the rules CLI: 0 done, 2 a bad move in the list or a finished game (reported on
 * standard output as {@code {"error": "...", "ply": k}}), 64 wrong usage, 66 unreadable input.
 */
public final class MoveCli {
    static final int OK = 0;
    static final int ILLEGAL_MOVE = 2;
    static final int USAGE = 64;
    static final int NO_INPUT = 66;

    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;

    MoveCli(InputStream in, PrintStream out, PrintStream err) {
        this.in = in;
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(new MoveCli(System.in, System.out, System.err).run(args));
    }

    int run(String[] args) {
        Integer level = null;
        Long timeMs = null;
        long seed = 1;
        boolean json = false;
        Variant variant = Variant.PENTE;
        String file = null;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--level" -> level = Integer.parseInt(value(args, ++i));
                    case "--time-ms" -> timeMs = Long.parseLong(value(args, ++i));
                    case "--seed" -> seed = Long.parseLong(value(args, ++i));
                    case "--json" -> json = true;
                    case "--variant" -> variant = Variant.parse(value(args, ++i));
                    default -> {
                        if (file != null || (args[i].startsWith("--") && !args[i].equals("-"))) {
                            throw new IllegalArgumentException("unexpected argument " + args[i]);
                        }
                        file = args[i];
                    }
                }
            }
            if (level == null || level < EngineConfig.MIN_LEVEL || level > EngineConfig.MAX_LEVEL) {
                throw new IllegalArgumentException("--level 1..9 is required");
            }
            if (timeMs != null && timeMs <= 0) {
                throw new IllegalArgumentException("--time-ms must be positive");
            }
        } catch (IllegalArgumentException e) {
            err.println("pente move: " + e.getMessage());
            err.println("usage: pente move --level N [--time-ms T] [--seed S] [--variant pente|keryo|gomoku] [--json] [FILE]");
            err.println("  prints the engine's move (level 1 beginner .. 8 strongest, 9 on every core) after a move list read from FILE or stdin");
            return USAGE;
        }

        String text;
        try {
            text = file != null && !file.equals("-")
                    ? Files.readString(Path.of(file), StandardCharsets.UTF_8)
                    : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            err.println("pente: no such file: " + file);
            return NO_INPUT;
        } catch (IOException e) {
            err.println("pente: cannot read input: " + e.getMessage());
            return NO_INPUT;
        }

        Replay.Outcome replay = Replay.of(variant, text);
        if (replay.failed()) {
            return error(replay.error(), replay.badPly());
        }
        Position position = replay.position();
        if (position.status().isOver()) {
            return error("the game is over: " + position.status() + " (" + position.reason() + ")", position.ply());
        }

        EngineConfig config = EngineConfig.level(level);
        Budget budget = timeMs != null ? Budget.millis(timeMs) : config.defaultBudget();
        SearchResult result = new Engine(config, seed).bestMove(position, budget);
        if (!json) {
            out.println(Notation.format(result.move()));
            return OK;
        }
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("move", Notation.format(result.move()));
        map.put("score", result.score());
        map.put("depth", result.depth());
        map.put("nodes", result.nodes());
        map.put("pv", result.pv().stream().map(Notation::format).toList());
        map.put("timeMs", result.timeMs());
        write(map);
        return OK;
    }

    private int error(String message, int ply) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("error", message);
        map.put("ply", ply);
        write(map);
        return ILLEGAL_MOVE;
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    private void write(Map<String, Object> map) {
        try {
            out.println(Contracts.json().writeValueAsString(map));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}

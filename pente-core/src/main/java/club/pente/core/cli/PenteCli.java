package club.pente.core.cli;

import club.pente.core.contract.Contracts;
import club.pente.core.notation.BoardText;
import club.pente.core.notation.Replay;
import club.pente.core.rules.Announcement;
import club.pente.core.rules.Announcements;
import club.pente.core.rules.Color;
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
import java.util.List;
import java.util.Map;

/**
 * The rules-only part of the {@code pente} command: {@code replay} and {@code show}, each with an optional
 * {@code --variant pente|keryo|gomoku} (default pente). Exit codes: 0 done, 2 an illegal move (reported on standard
 * output as JSON), 64 wrong usage, 66 unreadable input.
 */
public final class PenteCli {
    static final int OK = 0;
    static final int ILLEGAL_MOVE = 2;
    static final int USAGE = 64;
    static final int NO_INPUT = 66;

    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;

    PenteCli(InputStream in, PrintStream out, PrintStream err) {
        this.in = in;
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(new PenteCli(System.in, System.out, System.err).run(args));
    }

    int run(String[] args) {
        if (args.length == 0 || !(args[0].equals("replay") || args[0].equals("show"))) {
            return usage(null);
        }
        Variant variant = Variant.PENTE;
        String file = null;
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            String value = null;
            if (arg.equals("--variant")) {
                if (i + 1 == args.length) {
                    return usage("--variant needs a value (pente, keryo or gomoku)");
                }
                value = args[++i];
            } else if (arg.startsWith("--variant=")) {
                value = arg.substring("--variant=".length());
            } else if (arg.startsWith("--") || file != null) {
                return usage("unexpected argument '" + arg + "'");
            } else {
                file = arg;
                continue;
            }
            if (value.isBlank()) {
                return usage("--variant needs a value (pente, keryo or gomoku)");
            }
            try {
                variant = Variant.parse(value);
            } catch (IllegalArgumentException e) {
                return usage(e.getMessage());
            }
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
        Replay.Outcome outcome = Replay.of(variant, text);
        return args[0].equals("replay") ? printJson(outcome) : printDiagram(outcome);
    }

    private int usage(String problem) {
        if (problem != null) {
            err.println("pente: " + problem);
        }
        err.println("usage: pente replay [--variant V] [FILE]   print the position after a move list as JSON");
        err.println("       pente show [--variant V] [FILE]     draw the position after a move list");
        err.println("A move list is points like K10 separated by spaces, commas or newlines; # starts a comment.");
        err.println("V is pente (the default), keryo or gomoku.");
        return USAGE;
    }

    private int printJson(Replay.Outcome outcome) {
        Map<String, Object> json = new LinkedHashMap<>();
        if (outcome.failed()) {
            json.put("error", outcome.error());
            json.put("ply", outcome.badPly());
            write(json);
            return ILLEGAL_MOVE;
        }
        Position position = outcome.position();
        json.put("variant", position.variant());
        json.put("status", position.status());
        json.put("reason", position.reason());
        json.put("ply", position.ply());
        json.put("toMove", position.status().isOver() ? null : position.toMove());
        json.put("capturedPairs", perSide(position.capturedPairs(Color.WHITE), position.capturedPairs(Color.BLACK)));
        json.put("capturedStones", perSide(position.capturedStones(Color.WHITE), position.capturedStones(Color.BLACK)));
        json.put("points", perSide(position.points(Color.WHITE), position.points(Color.BLACK)));
        json.put("announcements", Announcements.ofLastMove(position).stream().map(Announcement::name).toList());
        json.put("board", BoardText.rows(position));
        write(json);
        return OK;
    }

    private int printDiagram(Replay.Outcome outcome) {
        if (outcome.failed()) {
            err.println("move " + outcome.badPly() + ": " + outcome.error());
            return ILLEGAL_MOVE;
        }
        Position position = outcome.position();
        out.print(BoardText.diagram(position));
        String state = switch (position.status()) {
            case ONGOING -> position.toMove() + " to move";
            case DRAW -> "draw (" + position.reason() + ")";
            default -> position.status() + " (" + position.reason() + ")";
        };
        Variant variant = position.variant();
        if (variant == Variant.PENTE) {
            out.printf("ply %d, %s; captured pairs: white %d, black %d%n", position.ply(), state,
                    position.capturedPairs(Color.WHITE), position.capturedPairs(Color.BLACK));
        } else if (variant.captureWinStones() > 0) {
            out.printf("%s, ply %d, %s; captured stones: white %d/%d, black %d/%d%n", variant.id(), position.ply(), state,
                    position.capturedStones(Color.WHITE), variant.captureWinStones(),
                    position.capturedStones(Color.BLACK), variant.captureWinStones());
        } else {
            out.printf("%s, ply %d, %s%n", variant.id(), position.ply(), state);
        }
        List<String> announced = Announcements.ofLastMove(position).stream().map(Announcement::name).toList();
        if (!announced.isEmpty()) {
            out.println("announced: " + String.join(", ", announced));
        }
        return OK;
    }

    private static Map<String, Integer> perSide(int white, int black) {
        Map<String, Integer> map = new LinkedHashMap<>();
        map.put("white", white);
        map.put("black", black);
        return map;
    }

    private void write(Map<String, Object> json) {
        try {
            out.println(Contracts.json().writeValueAsString(json));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}

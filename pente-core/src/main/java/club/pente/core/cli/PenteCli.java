package club.pente.core.cli;

import club.pente.core.contract.Contracts;
import club.pente.core.notation.BoardText;
import club.pente.core.notation.Replay;
import club.pente.core.rules.Announcement;
import club.pente.core.rules.Announcements;
import club.pente.core.rules.Color;
import club.pente.core.rules.Position;
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
 * The rules-only part of the {@code pente} command: {@code replay} and {@code show}. Exit codes: 0 done,
 * 2 an illegal move (reported on standard output as JSON), 64 wrong usage, 66 unreadable input.
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
        if (args.length == 0 || args.length > 2 || !(args[0].equals("replay") || args[0].equals("show"))) {
            err.println("usage: pente replay [FILE]   print the position after a move list as JSON");
            err.println("       pente show [FILE]     draw the position after a move list");
            err.println("A move list is points like K10 separated by spaces, commas or newlines; # starts a comment.");
            return USAGE;
        }
        String text;
        try {
            text = args.length == 2 && !args[1].equals("-")
                    ? Files.readString(Path.of(args[1]), StandardCharsets.UTF_8)
                    : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            err.println("pente: no such file: " + args[1]);
            return NO_INPUT;
        } catch (IOException e) {
            err.println("pente: cannot read input: " + e.getMessage());
            return NO_INPUT;
        }
        Replay.Outcome outcome = Replay.of(text);
        return args[0].equals("replay") ? printJson(outcome) : printDiagram(outcome);
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
        json.put("status", position.status());
        json.put("reason", position.reason());
        json.put("ply", position.ply());
        json.put("toMove", position.status().isOver() ? null : position.toMove());
        json.put("capturedPairs", perSide(position.capturedPairs(Color.WHITE), position.capturedPairs(Color.BLACK)));
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
        out.printf("ply %d, %s; captured pairs: white %d, black %d%n", position.ply(), state,
                position.capturedPairs(Color.WHITE), position.capturedPairs(Color.BLACK));
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

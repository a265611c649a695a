package club.pente.ai.engine.review;

import club.pente.ai.engine.EngineConfig;
import club.pente.core.notation.MoveList;
import club.pente.core.notation.Notation;
import club.pente.core.notation.NotationException;
import club.pente.core.rules.Variant;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code pente analyse [FILE] [--json] [--level N] [--time-ms T | --nodes N] [--seed S] [--variant V]}: reviews a move
 * list (the format of {@code pente replay}, from FILE or stdin) and prints the review as text, or with
 * {@code --json} exactly the JSON of {@code POST /api/ai/review}. Exit codes: 0 done, 64 wrong usage,
 * 65 an illegal move list (the message names the move), 66 unreadable input.
 */
public final class AnalyseCli {
    static final int OK = 0;
    static final int USAGE = 64;
    static final int BAD_INPUT = 65;
    static final int NO_INPUT = 66;
    static final int DEFAULT_LEVEL = 8;
    static final long DEFAULT_MILLIS = 300;

    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;

    AnalyseCli(InputStream in, PrintStream out, PrintStream err) {
        this.in = in;
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(new AnalyseCli(System.in, System.out, System.err).run(args));
    }

    int run(String[] args) {
        int level = DEFAULT_LEVEL;
        Long millis = null;
        Long nodes = null;
        long seed = 1;
        boolean json = false;
        Variant variant = Variant.PENTE;
        String file = null;
        ReviewOptions options;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--level" -> level = Integer.parseInt(value(args, ++i));
                    case "--time-ms" -> millis = Long.parseLong(value(args, ++i));
                    case "--nodes" -> nodes = Long.parseLong(value(args, ++i));
                    case "--seed" -> seed = Long.parseLong(value(args, ++i));
                    case "--json" -> json = true;
                    case "--variant" -> variant = Variant.parse(value(args, ++i));
                    case "-h", "--help" -> {
                        usage(out);
                        return OK;
                    }
                    default -> {
                        if (file != null || (args[i].startsWith("-") && !args[i].equals("-"))) {
                            throw new IllegalArgumentException("unexpected argument " + args[i]);
                        }
                        file = args[i];
                    }
                }
            }
            if (millis != null && nodes != null) {
                throw new IllegalArgumentException("give --time-ms or --nodes, not both");
            }
            if ((millis != null && millis <= 0) || (nodes != null && nodes <= 0)) {
                throw new IllegalArgumentException("--time-ms and --nodes must be positive");
            }
            options = nodes != null ? ReviewOptions.nodes(level, nodes)
                    : ReviewOptions.millis(level, millis != null ? millis : DEFAULT_MILLIS);
        } catch (IllegalArgumentException e) {   // NumberFormatException is one
            err.println("pente analyse: " + e.getMessage());
            usage(err);
            return USAGE;
        }

        String text;
        try {
            text = file != null && !file.equals("-")
                    ? Files.readString(Path.of(file), StandardCharsets.UTF_8)
                    : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            err.println("pente analyse: no such file: " + file);
            return NO_INPUT;
        } catch (IOException e) {
            err.println("pente analyse: cannot read input: " + e.getMessage());
            return NO_INPUT;
        }

        List<Integer> points = new ArrayList<>();
        List<String> tokens = MoveList.tokens(text);
        for (int i = 0; i < tokens.size(); i++) {
            try {
                points.add(Notation.parse(tokens.get(i)));
            } catch (NotationException e) {
                err.println("pente analyse: move " + (i + 1) + ": " + e.getMessage());
                return BAD_INPUT;
            }
        }
        GameReview review;
        try {
            review = new GameReviewer(options, seed).review(variant, points);
        } catch (IllegalArgumentException e) {
            err.println("pente analyse: " + e.getMessage());
            return BAD_INPUT;
        }
        out.println(json ? review.toJson() : text(review, options));
        return OK;
    }

    /** The review for a person: one line per ply, then the missed wins and the summary. */
    static String text(GameReview review, ReviewOptions options) {
        StringBuilder s = new StringBuilder();
        s.append("Review by level ").append(review.level()).append(", ")
                .append(options.nodesPerPly() > 0 ? options.nodesPerPly() + " nodes" : options.millisPerPly() + " ms")
                .append(" per ply; scores from White's view (+5000: White has a forced win)\n");
        s.append(String.format(Locale.ROOT, "%4s %-5s %-5s %-10s %6s %5s  %-5s %6s  %s%n",
                "ply", "move", "side", "class", "eval", "win%", "best", "eval", "line"));
        for (MoveReview m : review.moves()) {
            String line = String.join(" ", m.line().stream().limit(8).map(Notation::format).toList());
            String note = m.missedWin() ? "  <- missed a forced win" : m.winAvailable() ? "  (forced win)" : "";
            s.append(String.format(Locale.ROOT, "%4d %-5s %-5s %-10s %6d %4.0f%%  %-5s %6d  %s%s%n",
                    m.ply(), Notation.format(m.move()), m.color().name(), m.moveClass().name(), m.evalWhite(),
                    100 * m.winChanceWhite(), Notation.format(m.best()), m.bestEvalWhite(), line, note));
        }
        if (review.firstWin() == null) {
            s.append("No forced win was found for either side.\n");
        } else {
            s.append("First forced win: ply ").append(review.firstWin().ply()).append(", ")
                    .append(review.firstWin().color().name()).append(" with ")
                    .append(Notation.format(review.firstWin().move())).append('\n');
        }
        for (MoveReview m : review.moves()) {
            if (m.missedWin()) {
                s.append("Missed win: ply ").append(m.ply()).append(", ").append(m.color().name()).append(" played ")
                        .append(Notation.format(m.move())).append(" instead of ").append(Notation.format(m.best()))
                        .append('\n');
            }
        }
        for (club.pente.core.rules.Color color : club.pente.core.rules.Color.values()) {
            GameReview.Summary sum = review.summary(color);
            s.append(String.format(Locale.ROOT, "%-5s accuracy %5.1f  inaccuracies %d  mistakes %d  blunders %d  missed wins %d%n",
                    color.name(), sum.accuracy(), sum.inaccuracies(), sum.mistakes(), sum.blunders(), sum.missedWins()));
        }
        return s.toString().stripTrailing();
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    private static void usage(PrintStream to) {
        to.println("usage: pente analyse [FILE] [--json] [--level N] [--time-ms T | --nodes N] [--seed S]"
                + " [--variant pente|keryo|gomoku]");
        to.println("  reviews a finished or unfinished game (a move list from FILE or stdin): every move marked");
        to.println("  BEST/GOOD/INACCURACY/MISTAKE/BLUNDER/FORCED with the engine's best move and line;");
        to.println("  level " + ReviewOptions.MIN_LEVEL + ".." + EngineConfig.MAX_LEVEL + " (default " + DEFAULT_LEVEL
                + "), --time-ms per ply (default " + DEFAULT_MILLIS + ") or --nodes per ply (reproducible);");
        to.println("  --variant: the rules the moves were played under (default pente)");
    }
}

package club.pente.ai.engine.review;

import club.pente.core.notation.Notation;
import club.pente.core.rules.Color;

import java.util.List;
import java.util.Locale;

/**
 * A whole game's review: every ply, a summary per colour and the first ply at which a side had a forced
 * win. {@link #toJson()} is the wire format of {@code POST /api/ai/review} and {@code pente analyse --json}.
 *
 * @param level        the reviewer's engine level
 * @param millisPerPly the time per ply it had (0 for a node budget)
 * @param moves        one entry per ply, in order
 * @param white        White's summary
 * @param black        Black's summary
 * @param firstWin     the first ply whose mover had a forced win, or null
 */
public record GameReview(int level, long millisPerPly, List<MoveReview> moves, Summary white, Summary black,
                         FirstWin firstWin) {
    public GameReview {
        moves = List.copyOf(moves);
    }

    /**
     * One colour's marks; {@code accuracy} is the mean of {@link WinChance#accuracy} over its moves
     * (100 when it played none), rounded to a tenth.
     */
    public record Summary(int moves, int inaccuracies, int mistakes, int blunders, int missedWins, double accuracy) {
    }

    /** @param move the winning move: the engine's best move at that ply */
    public record FirstWin(int ply, Color color, int move) {
    }

    public Summary summary(Color color) {
        return color == Color.WHITE ? white : black;
    }

    /** The JSON of the contract (field order fixed, no nulls but {@code firstWin}). */
    public String toJson() {
        StringBuilder s = new StringBuilder(256 + moves.size() * 200);
        s.append("{\"level\":").append(level).append(",\"millisPerPly\":").append(millisPerPly).append(",\"moves\":[");
        for (int i = 0; i < moves.size(); i++) {
            MoveReview m = moves.get(i);
            if (i > 0) {
                s.append(',');
            }
            s.append("{\"ply\":").append(m.ply());
            s.append(",\"move\":");
            string(s, Notation.format(m.move()));
            s.append(",\"color\":");
            string(s, m.color().name());
            s.append(",\"evalWhite\":").append(m.evalWhite());
            s.append(",\"winChanceWhite\":").append(decimal(m.winChanceWhite(), 3));
            s.append(",\"best\":");
            string(s, Notation.format(m.best()));
            s.append(",\"line\":[");
            for (int j = 0; j < m.line().size(); j++) {
                if (j > 0) {
                    s.append(',');
                }
                string(s, Notation.format(m.line().get(j)));
            }
            s.append("],\"bestEvalWhite\":").append(m.bestEvalWhite());
            s.append(",\"class\":");
            string(s, m.moveClass().name());
            s.append(",\"winAvailable\":").append(m.winAvailable());
            s.append(",\"missedWin\":").append(m.missedWin()).append('}');
        }
        s.append("],\"summary\":{\"WHITE\":");
        summary(s, white);
        s.append(",\"BLACK\":");
        summary(s, black);
        s.append("},\"firstWin\":");
        if (firstWin == null) {
            s.append("null");
        } else {
            s.append("{\"ply\":").append(firstWin.ply()).append(",\"color\":");
            string(s, firstWin.color().name());
            s.append(",\"move\":");
            string(s, Notation.format(firstWin.move()));
            s.append('}');
        }
        return s.append('}').toString();
    }

    private static void summary(StringBuilder s, Summary summary) {
        s.append("{\"inaccuracies\":").append(summary.inaccuracies())
                .append(",\"mistakes\":").append(summary.mistakes())
                .append(",\"blunders\":").append(summary.blunders())
                .append(",\"missedWins\":").append(summary.missedWins())
                .append(",\"accuracy\":").append(decimal(summary.accuracy(), 1)).append('}');
    }

    /** A finite number with at most {@code places} decimals, never in exponent form. */
    static String decimal(double value, int places) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("not a finite number: " + value);
        }
        String text = String.format(Locale.ROOT, "%." + places + "f", value);
        if (text.indexOf('.') >= 0) {
            text = text.replaceAll("0+$", "");
            if (text.endsWith(".")) {
                text = text + "0";
            }
        }
        return text.equals("-0.0") ? "0.0" : text;
    }

    /** Our strings are notation and enum names, but escape anyway so that the output stays JSON. */
    private static void string(StringBuilder s, String text) {
        s.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> s.append("\\\"");
                case '\\' -> s.append("\\\\");
                case '\n' -> s.append("\\n");
                case '\r' -> s.append("\\r");
                case '\t' -> s.append("\\t");
                default -> {
                    if (c < 0x20) {
                        s.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        s.append(c);
                    }
                }
            }
        }
        s.append('"');
    }
}

package club.pente.ai.engine;

import club.pente.core.notation.Notation;
import club.pente.core.rules.Color;
import club.pente.core.rules.Position;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A tactical suite file (src/test/resources/club/pente/ai/engine/tactics-*.txt): positions with what the
 * engine must do in them. Format, one item a line, '#' to the end of a line is a comment:
 *
 * <pre>
 * case NAME
 *   moves K10 L11 ...           the position after these legal moves from the start (captures count), or
 *   white K10 L10 ... / black J10 ... / tomove white|black   stones put down directly (no captures yet)
 *   levels 6 8                  the levels that must pass (default 8)
 *   nodes 60000                 node budget per search (reproducible; default 60000)
 *   expect move O10 J10         the move is one of these
 *   expect not N12              the move is none of these
 *   expect win                  the search announces a forced win (SearchResult.isWin)
 *   expect no-loss              ... and does not announce a loss
 *   expect playout 9            the side to move wins within 9 plies, both sides played by the same level and budget
 * end
 * </pre>
 */
record TacticsSuite(List<Case> cases) {
    record Case(String name, String moves, String white, String black, Color toMove, List<Integer> levels, long nodes,
                Set<Integer> anyOf, Set<Integer> noneOf, boolean win, boolean noLoss, int playout, int line) {
        Position position() {
            return moves != null ? Positions.played(moves) : Positions.setUp(white, black, toMove);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static TacticsSuite load(String resource) throws IOException {
        try (InputStream in = TacticsSuite.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no resource " + resource);
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    static TacticsSuite parse(String text) {
        List<Case> cases = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        Builder current = null;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].replaceAll("#.*", "").strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] words = line.split("\\s+");
            String rest = line.substring(words[0].length()).strip();
            try {
                switch (words[0]) {
                    case "case" -> {
                        require(current == null, "case inside a case");
                        current = new Builder(rest, i + 1);
                    }
                    case "end" -> {
                        require(current != null, "end without case");
                        cases.add(current.build());
                        current = null;
                    }
                    default -> {
                        require(current != null, "'" + words[0] + "' outside a case");
                        current.set(words, rest);
                    }
                }
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("line " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        require(current == null, "last case has no end");
        return new TacticsSuite(cases);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    private static Set<Integer> points(String list) {
        Set<Integer> set = new LinkedHashSet<>();
        for (String word : list.split("\\s+")) {
            set.add(Notation.parse(word));
        }
        return set;
    }

    private static final class Builder {
        final String name;
        final int line;
        String moves;
        String white = "";
        String black = "";
        Color toMove;
        List<Integer> levels = List.of(8);
        long nodes = 60_000;
        Set<Integer> anyOf = Set.of();
        Set<Integer> noneOf = Set.of();
        boolean win;
        boolean noLoss;
        int playout;

        Builder(String name, int line) {
            require(name.matches("[a-z0-9-]+"), "a case name is lower-case words with dashes");
            this.name = name;
            this.line = line;
        }

        void set(String[] words, String rest) {
            switch (words[0]) {
                case "moves" -> moves = rest;
                case "white" -> white = rest;
                case "black" -> black = rest;
                case "tomove" -> toMove = Color.valueOf(rest.toUpperCase(java.util.Locale.ROOT));
                case "levels" -> levels = java.util.Arrays.stream(rest.split("\\s+")).map(Integer::valueOf).toList();
                case "nodes" -> nodes = Long.parseLong(rest);
                case "expect" -> {
                    require(words.length >= 2, "expect what?");
                    String args = rest.substring(words[1].length()).strip();
                    switch (words[1]) {
                        case "move" -> anyOf = points(args);
                        case "not" -> noneOf = points(args);
                        case "win" -> win = true;
                        case "no-loss" -> noLoss = true;
                        case "playout" -> playout = Integer.parseInt(args);
                        default -> throw new IllegalArgumentException("unknown expectation " + words[1]);
                    }
                }
                default -> throw new IllegalArgumentException("unknown item " + words[0]);
            }
        }

        Case build() {
            require((moves == null) != (toMove == null), "give either moves, or white/black/tomove");
            return new Case(name, moves, white, black, toMove, levels, nodes, anyOf, noneOf, win, noLoss, playout, line);
        }
    }
}

package club.pente.ai.engine.book;

import club.pente.core.notation.Notation;
import club.pente.core.rules.MoveError;
import club.pente.core.rules.Position;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Book moves for early positions, looked up through the board's eight symmetries: a position and its
 * mirror images share one entry. Immutable and thread-safe once built.
 *
 * <p>Text format (one position a line, {@code #} starts a comment; see docs/opening-book.md):
 * <pre>
 * K10 L11 N13 : M12 35 3, L12 20 1
 * </pre>
 * the moves that reach the position from the empty board, a colon, then book moves each with the
 * score the building search gave it (side to move's view) and a weight for the random choice. The
 * parser replays every line with the rules and refuses an illegal sequence or book move.
 */
public final class OpeningBook {
    /** The book in the engine's resources. */
    public static final String RESOURCE = "/club/pente/ai/engine/book/opening-book.txt";

    /** A book move (a point index), its score and its weight among the position's moves. */
    public record Entry(int move, int score, int weight) {
        public Entry {
            if (weight <= 0) {
                throw new IllegalArgumentException("book weights must be positive");
            }
        }
    }

    /** A line of the file: the moves from the start and the book moves in that orientation. */
    public record Line(List<Integer> moves, List<Entry> entries) {
        public Line {
            moves = List.copyOf(moves);
            entries = List.copyOf(entries);
        }

        String format() {
            StringBuilder out = new StringBuilder();
            for (int m : moves) {
                out.append(Notation.format(m)).append(' ');
            }
            out.append(':');
            for (int i = 0; i < entries.size(); i++) {
                Entry e = entries.get(i);
                out.append(i == 0 ? " " : ", ").append(Notation.format(e.move())).append(' ').append(e.score())
                        .append(' ').append(e.weight());
            }
            return out.toString();
        }
    }

    /** Canonical key -> entries with moves in the canonical frame. */
    private final Map<String, List<Entry>> positions;
    private final List<Line> lines;
    private final int maxPly;

    private OpeningBook(Map<String, List<Entry>> positions, List<Line> lines, int maxPly) {
        this.positions = positions;
        this.lines = lines;
        this.maxPly = maxPly;
    }

    private static final class Standard {
        static final OpeningBook BOOK = loadResource();
    }

    /** The book shipped in the resources (empty if the resource is missing). */
    public static OpeningBook standard() {
        return Standard.BOOK;
    }

    private static OpeningBook loadResource() {
        try (InputStream in = OpeningBook.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return of(List.of());
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A book from lines; a later line for the same position (or a mirror image) replaces an earlier one. */
    public static OpeningBook of(List<Line> lines) {
        Map<String, List<Entry>> positions = new HashMap<>();
        Map<String, Line> kept = new java.util.LinkedHashMap<>();
        int maxPly = -1;
        for (Line line : lines) {
            Position position = validate(line);
            String key = Symmetry.canonicalKey(position);
            int t = symmetryTo(position, key);
            List<Entry> canonical = new ArrayList<>();
            for (Entry e : line.entries()) {
                canonical.add(new Entry(Symmetry.apply(t, e.move()), e.score(), e.weight()));
            }
            positions.put(key, List.copyOf(canonical));
            kept.put(key, line);
            maxPly = Math.max(maxPly, position.ply());
        }
        return new OpeningBook(Map.copyOf(positions), List.copyOf(kept.values()), maxPly);
    }

    /** Parses the text format; {@link IllegalArgumentException} with the line number on any fault. */
    public static OpeningBook parse(String text) {
        List<Line> lines = new ArrayList<>();
        int number = 0;
        try (BufferedReader reader = new BufferedReader(new java.io.StringReader(text))) {
            String raw;
            while ((raw = reader.readLine()) != null) {
                number++;
                int hash = raw.indexOf('#');
                String line = (hash >= 0 ? raw.substring(0, hash) : raw).strip();
                if (line.isEmpty()) {
                    continue;
                }
                try {
                    Line parsed = parseLine(line);
                    validate(parsed);
                    lines.add(parsed);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("book line " + number + ": " + e.getMessage(), e);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            return of(lines);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("book: " + e.getMessage(), e);
        }
    }

    private static Line parseLine(String line) {
        int colon = line.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("no ':' between the moves and the book moves");
        }
        List<Integer> moves = new ArrayList<>();
        String head = line.substring(0, colon).strip();
        if (!head.isEmpty()) {
            for (String m : head.split("\\s+")) {
                moves.add(Notation.parse(m));
            }
        }
        List<Entry> entries = new ArrayList<>();
        for (String part : line.substring(colon + 1).split(",")) {
            String[] f = part.strip().split("\\s+");
            if (f.length != 3) {
                throw new IllegalArgumentException("a book move is 'POINT SCORE WEIGHT', not '" + part.strip() + "'");
            }
            entries.add(new Entry(Notation.parse(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2])));
        }
        return new Line(moves, entries);
    }

    /** The line's position, after checking that its moves and its book moves are legal. */
    private static Position validate(Line line) {
        Position position = replay(line.moves());
        if (position.status().isOver()) {
            throw new IllegalArgumentException("the game is over after " + line.format());
        }
        if (line.entries().isEmpty()) {
            throw new IllegalArgumentException("no book move in " + line.format());
        }
        for (Entry e : line.entries()) {
            MoveError error = position.check(e.move());
            if (error != null) {
                throw new IllegalArgumentException("illegal book move " + Notation.format(e.move()) + " ("
                        + error + ") in " + line.format());
            }
        }
        return position;
    }

    private static Position replay(List<Integer> moves) {
        Position position = new Position();
        for (int m : moves) {
            MoveError error = position.check(m);
            if (error != null) {
                throw new IllegalArgumentException("illegal move " + Notation.format(m) + " (" + error + ") at ply "
                        + (position.ply() + 1));
            }
            position.play(m);
        }
        return position;
    }

    /** A symmetry that maps the position onto its canonical key. */
    private static int symmetryTo(Position position, String key) {
        for (int t = 0; t < Symmetry.COUNT; t++) {
            if (Symmetry.key(position, t).equals(key)) {
                return t;
            }
        }
        throw new AssertionError("no symmetry gives the canonical key");
    }

    public int size() {
        return positions.size();
    }

    /** The deepest ply the book knows; positions beyond it are not looked up. */
    public int maxPly() {
        return maxPly;
    }

    /** The lines the book was made of (one per position), in file order. */
    public List<Line> lines() {
        return lines;
    }

    /** The book moves for the position, in its own orientation, heaviest first; empty when not in the book. */
    public List<Entry> entries(Position position) {
        if (position.ply() > maxPly || position.status().isOver()) {
            return List.of();
        }
        String key = Symmetry.canonicalKey(position);
        List<Entry> canonical = positions.get(key);
        if (canonical == null) {
            return List.of();
        }
        int back = Symmetry.inverse(symmetryTo(position, key));
        List<Entry> out = new ArrayList<>();
        for (Entry e : canonical) {
            out.add(new Entry(Symmetry.apply(back, e.move()), e.score(), e.weight()));
        }
        out.sort((x, y) -> Integer.compare(y.weight(), x.weight()));
        return Collections.unmodifiableList(out);
    }

    /**
     * A book move chosen by weight with the caller's seeded random, or null when the position is not in
     * the book. Where the position is its own mirror image, the mirror images of the move are equally
     * good and one of them is picked at random too, so that games vary.
     */
    public Entry choose(Position position, SplittableRandom random) {
        if (position.ply() > maxPly || position.status().isOver()) {
            return null;
        }
        String key = Symmetry.canonicalKey(position);
        List<Entry> canonical = positions.get(key);
        if (canonical == null) {
            return null;
        }
        int total = 0;
        for (Entry e : canonical) {
            total += e.weight();
        }
        int pick = random.nextInt(total);
        Entry chosen = canonical.get(0);
        for (Entry e : canonical) {
            if (pick < e.weight()) {
                chosen = e;
                break;
            }
            pick -= e.weight();
        }
        List<Integer> frames = new ArrayList<>();
        for (int t = 0; t < Symmetry.COUNT; t++) {
            if (Symmetry.key(position, t).equals(key)) {
                frames.add(t);
            }
        }
        int t = frames.get(frames.size() == 1 ? 0 : random.nextInt(frames.size()));
        return new Entry(Symmetry.apply(Symmetry.inverse(t), chosen.move()), chosen.score(), chosen.weight());
    }

    /** The book as text, one line per position, in the order it was built. */
    public String format(String header) {
        StringBuilder out = new StringBuilder();
        for (String h : header.split("\n")) {
            out.append("# ").append(h).append('\n');
        }
        for (Line line : lines) {
            out.append(line.format()).append('\n');
        }
        return out.toString();
    }
}

package club.pente.ai.engine.book;

import club.pente.ai.engine.Budget;
import club.pente.ai.engine.Engine;
import club.pente.ai.engine.EngineConfig;
import club.pente.ai.engine.EvalWeights;
import club.pente.ai.engine.SearchResult;
import club.pente.core.rules.Board;
import club.pente.core.rules.Position;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Builds an {@link OpeningBook} by long searches of the early positions, breadth first:
 * <ul>
 *   <li>ply 1 (Black's reply to K10) and ply 2: every Black stone within distance 2 of the centre and
 *       every White stone at distance 3 or 4 (the opening rule's ply 3) is followed, which covers the
 *       varied openings that matches and most club games start with;</li>
 *   <li>from ply 3 on, only the book move itself is followed, up to {@code plies}.</li>
 * </ul>
 * Mirror images are searched once. Every position gets one search with {@code nodes} nodes (a node
 * budget: the same seed builds the same book on any machine), at level 8 with the default weights.
 * One thread.
 *
 * @param plies  positions with fewer stones played than this are searched (ply 1 .. plies-1)
 * @param nodes  node budget of each search
 * @param limit  at most this many positions (earliest first)
 * @param seed   the searching engine's seed
 */
public record BookBuilder(int plies, long nodes, int limit, long seed) {
    public BookBuilder {
        if (plies < 2 || plies > 12 || nodes <= 0 || limit <= 0) {
            throw new IllegalArgumentException("plies 2..12, nodes and limit positive");
        }
    }

    public OpeningBook build(Consumer<String> progress) {
        Engine engine = new Engine(EngineConfig.level(8), seed, EvalWeights.DEFAULT, null);
        Deque<List<Integer>> queue = new ArrayDeque<>();
        queue.add(List.of(Board.CENTRE));
        Set<String> seen = new HashSet<>();
        List<OpeningBook.Line> lines = new ArrayList<>();
        long start = System.nanoTime();
        while (!queue.isEmpty() && lines.size() < limit) {
            List<Integer> moves = queue.poll();
            Position position = Position.of(moves.stream().mapToInt(Integer::intValue).toArray());
            if (position.status().isOver() || !seen.add(Symmetry.canonicalKey(position))) {
                continue;
            }
            SearchResult r = engine.bestMove(position, Budget.nodes(nodes));
            lines.add(new OpeningBook.Line(moves, List.of(new OpeningBook.Entry(r.move(), r.score(), 1))));
            if (progress != null) {
                progress.accept(String.format("%4d  ply %d  %s -> %s  score %d  depth %d  %.0f s", lines.size(),
                        position.ply(), moves.stream().map(club.pente.core.notation.Notation::format)
                                .reduce((a, b) -> a + " " + b).orElse(""),
                        club.pente.core.notation.Notation.format(r.move()), r.score(), r.depth(),
                        (System.nanoTime() - start) / 1e9));
            }
            if (position.ply() + 1 >= plies) {
                continue;
            }
            List<Integer> next = new ArrayList<>();
            next.add(r.move());
            if (position.ply() == 1 || position.ply() == 2) {
                int min = position.ply() == 1 ? 1 : 3;
                int max = position.ply() == 1 ? 2 : 4;
                for (int p = 0; p < Board.POINTS; p++) {
                    int d = Board.distance(p, Board.CENTRE);
                    if (d >= min && d <= max && position.check(p) == null && p != r.move()) {
                        next.add(p);
                    }
                }
            }
            for (int m : next) {
                List<Integer> child = new ArrayList<>(moves);
                child.add(m);
                queue.add(child);
            }
        }
        return OpeningBook.of(lines);
    }
}

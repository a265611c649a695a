package club.pente.ai.engine.bench;

import club.pente.ai.engine.Budget;
import club.pente.ai.engine.Engine;
import club.pente.ai.engine.EngineConfig;
import club.pente.ai.engine.EvalWeights;
import club.pente.ai.engine.SearchResult;
import club.pente.core.notation.MoveList;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Position;

/**
 * Search speed on a fixed set of positions: nodes per second and the depth reached in a given time
 * (default 1 s) at level 8 with a fresh engine per position. Not part of the test run.
 *
 * <pre>SearchBenchmark [--time-ms 1000] [--nodes N] [--threads T] [--level L] [--weights hand|default] [--rounds 2]</pre>
 *
 * The first round warms the JIT up; the last one is reported. {@code --nodes} replaces the time by a
 * node budget: the depth reached for a fixed amount of work, independent of the machine's load (for
 * comparing pruning and ordering; no soft stop at half the budget there).
 */
public final class SearchBenchmark {
    /** Name and move list of each position; from engine games (levels 6 and 8). */
    static final String[][] POSITIONS = {
            {"opening (ply 3)", "K10 J11 O10"},
            {"early middle game", "K10 J11 O10 J13 L10 M10 J10 J12 G10 H10"},
            {"middle game", "K10 J11 O10 J13 L10 M10 J10 L13 K12 G10 G12 K13 H13 M11 M12 N13 M13 J14"},
            {"capture fight, pairs 1-1", "K10 H9 O6 F7 L10 J10 G8 K11 M10 H11 G12 K9 M8 L11 J11 L9 M9 N8 M9 M7"},
            {"capture fight, open threes", "K10 H9 O6 K7 O7 H7 O5 O8 G10 H5 M7 J6 L8 N6 K9 K11 J10 K8 K9 H11 H10 F10"
                    + " L10 K10 K12 K10"},
            {"crowded centre", "K10 J11 O10 J13 L10 M10 J10 J12 G10 H10 G9 K12 L11 H14 L12 L13 H12 K12 M14 G8 L8 L9 K8"
                    + " G11 G9 K13"},
    };

    private SearchBenchmark() {
    }

    public static void main(String[] args) {
        long millis = 1000;
        int rounds = 2;
        long nodes = 0;
        int threads = 1;
        int level = 8;
        EvalWeights weights = EvalWeights.DEFAULT;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--time-ms" -> millis = Long.parseLong(args[i + 1]);
                case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
                case "--nodes" -> nodes = Long.parseLong(args[i + 1]);
                case "--threads" -> threads = Integer.parseInt(args[i + 1]);
                case "--level" -> level = Integer.parseInt(args[i + 1]);
                case "--weights" -> weights = switch (args[i + 1]) {
                    case "hand" -> EvalWeights.HAND;
                    case "default" -> EvalWeights.DEFAULT;
                    default -> throw new IllegalArgumentException("--weights hand|default");
                };
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        EngineConfig config = EngineConfig.level(level).withThreads(threads);
        Budget budget = nodes > 0 ? Budget.nodes(nodes) : Budget.millis(millis);
        for (int round = 1; round <= rounds; round++) {
            boolean report = round == rounds;
            if (report) {
                System.out.printf("level %d, %s per position, %d thread(s), %s weights%n", level,
                        nodes > 0 ? nodes + " nodes" : millis + " ms", threads, weights == EvalWeights.HAND ? "hand" : "default");
                System.out.printf("%-30s %6s %10s %12s %6s  %s%n", "position", "ply", "nodes", "nodes/s", "depth", "move, score");
            }
            long totalNodes = 0;
            long totalMillis = 0;
            int totalDepth = 0;
            for (String[] entry : POSITIONS) {
                Position position = new Position();
                for (String token : MoveList.tokens(entry[1])) {
                    position.play(Notation.parse(token));
                }
                // No opening book: the benchmark measures the search.
                Engine engine = new Engine(config, 1, weights, null);
                SearchResult result = engine.bestMove(position, budget);
                totalNodes += result.nodes();
                totalDepth += result.depth();
                totalMillis += Math.max(1, result.timeMs());
                if (report) {
                    System.out.printf("%-30s %6d %10d %12.0f %6d  %s, %d%n", entry[0], position.ply(), result.nodes(),
                            result.nodes() * 1000.0 / Math.max(1, result.timeMs()), result.depth(),
                            Notation.format(result.move()), result.score());
                }
            }
            if (report) {
                System.out.printf("%-30s %6s %10d %12.0f%n", "all", "", totalNodes, totalNodes * 1000.0 / totalMillis);
                System.out.printf("mean depth %.2f%n", totalDepth / (double) POSITIONS.length);
            }
        }
    }
}

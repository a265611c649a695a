package club.pente.ai.engine.review;

import club.pente.ai.engine.Budget;
import club.pente.ai.engine.Engine;
import club.pente.ai.engine.EngineConfig;
import club.pente.ai.engine.SearchResult;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Color;
import club.pente.core.rules.Position;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Not a test: does the review blame the loser? Plays games of a weak level against level 8 (colours alternating,
 * a quarter of each level's node budget a move, so the games are the same on every machine), reviews each at
 * level 8 with the given nodes per ply, and prints per game the first forced win, whether the loser had a
 * MISTAKE or BLUNDER before it, and both accuracies. Figures in docs/analysis.md.
 *
 * <pre>
 * mvn -o -q -pl ai-engine test-compile
 * java -cp ai-engine/target/classes:ai-engine/target/test-classes:$(cat ai-engine/target/cli-classpath.txt) \
 *     club.pente.ai.engine.review.ReviewCalibration WEAK_LEVEL GAMES NODES_PER_PLY [--moves]
 * </pre>
 */
public final class ReviewCalibration {
    private ReviewCalibration() {
    }

    public static void main(String[] args) {
        int weak = Integer.parseInt(args[0]);
        int games = Integer.parseInt(args[1]);
        long nodes = Long.parseLong(args[2]);
        boolean printMoves = args.length > 3 && args[3].equals("--moves");
        int decided = 0;
        int blamed = 0;
        int plies = 0;
        double winnerAccuracy = 0;
        double loserAccuracy = 0;
        long start = System.nanoTime();
        for (int g = 0; g < games; g++) {
            boolean weakWhite = g % 2 == 0;
            Engine white = new Engine(EngineConfig.level(weakWhite ? weak : 8), 100 + g);
            Engine black = new Engine(EngineConfig.level(weakWhite ? 8 : weak), 200 + g);
            Position position = new Position();
            List<Integer> moves = new ArrayList<>();
            while (!position.status().isOver() && position.ply() < 150) {
                Engine engine = position.toMove() == Color.WHITE ? white : black;
                SearchResult r = engine.bestMove(position, Budget.nodes(engine.config().nodes() / 4));
                position.play(r.move());
                moves.add(r.move());
            }
            long t = System.nanoTime();
            GameReview review = new GameReviewer(ReviewOptions.nodes(8, nodes), 1).review(moves);
            plies += moves.size();
            StringBuilder line = new StringBuilder(String.format("game %2d: level %d plays %s, %d plies, %s, review %d ms",
                    g, weak, weakWhite ? "WHITE" : "BLACK", moves.size(), position.status(), (System.nanoTime() - t) / 1_000_000));
            Color winner = position.status().winner();
            if (winner != null) {
                decided++;
                Color loser = winner.opponent();
                int limit = review.firstWin() == null ? moves.size() + 1 : review.firstWin().ply();
                boolean culprit = review.moves().stream().anyMatch(m -> m.color() == loser && m.ply() < limit
                        && (m.moveClass() == MoveClass.MISTAKE || m.moveClass() == MoveClass.BLUNDER));
                blamed += culprit ? 1 : 0;
                winnerAccuracy += review.summary(winner).accuracy();
                loserAccuracy += review.summary(loser).accuracy();
                line.append(String.format(", first win %s, loser's mistake/blunder before it: %s, accuracy winner %.1f loser %.1f,"
                                + " winner's missed wins %d",
                        review.firstWin() == null ? "none" : review.firstWin().ply() + " " + review.firstWin().color(),
                        culprit ? "yes" : "no", review.summary(winner).accuracy(), review.summary(loser).accuracy(),
                        review.summary(winner).missedWins()));
            }
            System.out.println(line);
            if (printMoves) {
                System.out.println("  " + moves.stream().map(Notation::format).collect(Collectors.joining(" ")));
            }
        }
        System.out.printf("decided %d/%d; the loser had a mistake or blunder before the first forced win in %d;"
                        + " mean accuracy winner %.1f, loser %.1f; %d plies reviewed, %d s in all%n",
                decided, games, blamed, winnerAccuracy / Math.max(1, decided), loserAccuracy / Math.max(1, decided), plies,
                (System.nanoTime() - start) / 1_000_000_000);
    }
}

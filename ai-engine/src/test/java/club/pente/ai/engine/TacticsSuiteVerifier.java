package club.pente.ai.engine;

import club.pente.core.notation.Notation;
import club.pente.core.rules.Board;
import club.pente.core.rules.Position;

import java.util.ArrayList;
import java.util.List;

/**
 * Not a test: checks a suite's cases by long searches, to write their expectations and comments.
 * For each case: a long level-8 search of the position, then every empty point within distance 2 of a
 * stone played and the opponent's answer searched: which moves keep a forced win (the opponent's
 * search announces a loss) and which lose (it announces a win). A search proves a win it announces; a
 * move not listed as losing is only "no loss found at this budget".
 *
 * <pre>java -cp test-classes:classes:... club.pente.ai.engine.TacticsSuiteVerifier tactics-deep.txt [rootNodes] [replyNodes] [case]</pre>
 */
public final class TacticsSuiteVerifier {
    private TacticsSuiteVerifier() {
    }

    public static void main(String[] args) throws Exception {
        TacticsSuite suite = TacticsSuite.load(args[0]);
        long rootNodes = args.length > 1 ? Long.parseLong(args[1]) : 2_000_000;
        long replyNodes = args.length > 2 ? Long.parseLong(args[2]) : 300_000;
        for (TacticsSuite.Case c : suite.cases()) {
            if (args.length > 3 && !c.name().equals(args[3])) {
                continue;
            }
            Position position = c.position();
            SearchResult root = new Engine(EngineConfig.level(8), 1).bestMove(position, Budget.nodes(rootNodes));
            System.out.printf("%s (%s to move): long search %s score %d win %b loss %b depth %d pv %s%n", c.name(),
                    position.toMove(), Notation.format(root.move()), root.score(), root.isWin(), root.isLoss(), root.depth(),
                    root.pv().stream().map(Notation::format).toList());
            List<String> winning = new ArrayList<>();
            List<String> losing = new ArrayList<>();
            List<String> open = new ArrayList<>();
            for (int point = 0; point < Board.POINTS; point++) {
                if (position.check(point) != null || !nearStone(position, point)) {
                    continue;
                }
                position.apply(point);
                String name = Notation.format(point);
                if (position.status().isOver()) {
                    (position.status().winner() != null ? winning : open).add(name + "(ends)");
                } else {
                    SearchResult reply = new Engine(EngineConfig.level(8), 2).bestMove(position, Budget.nodes(replyNodes));
                    if (reply.isLoss()) {
                        winning.add(name);
                    } else if (reply.isWin()) {
                        losing.add(name);
                    } else {
                        open.add(name);
                    }
                }
                position.undo();
            }
            System.out.println("  keep a forced win: " + winning);
            System.out.println("  lose (reply wins): " + losing.size() + " moves");
            System.out.println("  neither found:     " + open);
        }
    }

    private static boolean nearStone(Position position, int point) {
        for (int other = 0; other < Board.POINTS; other++) {
            if (!position.isEmpty(other) && Board.distance(point, other) <= 2) {
                return true;
            }
        }
        return false;
    }
}

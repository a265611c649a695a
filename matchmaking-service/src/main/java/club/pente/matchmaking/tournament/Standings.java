package club.pente.matchmaking.tournament;

import club.pente.core.contract.PerSide;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The table: tournament points (the sum of GameEnded.points for the player's side: one per capture, five for a
 * pente), wins, draws, losses. A bye, or an opponent who never showed up, is a win worth the forfeit points; the
 * absent player has a loss and 0. A board whose game the game service refused to create is a loss and 0 for both.
 * Ordered by the {@link Ranking}, then by seed (join order).
 */
public final class Standings {
    /** A scored game: the result and the points each side takes into the table. */
    public record Scored(Status result, int whitePoints, int blackPoints) {
    }

    /**
     * A finished game of the tournament (result WHITE_WINS, BLACK_WINS or DRAW), or, {@code bothLost}, a board whose
     * game the game service refused to create: a loss for both, with the points given (0 each).
     */
    public record Game(String white, String black, Status result, int whitePoints, int blackPoints, boolean bothLost) {
        public Game(String white, String black, Status result, int whitePoints, int blackPoints) {
            this(white, black, result, whitePoints, blackPoints, false);
        }

        /** The board's game was never created (refused): both sides lose and score 0. */
        public static Game bothForfeited(String white, String black) {
            return new Game(white, black, null, 0, 0, true);
        }
    }

    /** One line of the table; {@code rank} from 1. */
    public record Line(int rank, String playerId, int points, int wins, int draws, int losses, int byes, int played) {
    }

    private Standings() {
    }

    /**
     * What a GameEnded counts for: its points, except for a no-show, which the present player wins with the forfeit
     * points while the absent one gets 0 (whatever the board said).
     */
    public static Scored score(Status result, EndReason reason, PerSide points, int forfeitPoints) {
        PerSide p = points == null ? PerSide.ZERO : points;
        if (reason == EndReason.NO_SHOW && result != null && result.winner() != null) {
            return result.winner() == Color.WHITE ? new Scored(result, forfeitPoints, 0) : new Scored(result, 0, forfeitPoints);
        }
        return new Scored(result == null || !result.isOver() ? Status.DRAW : result, p.white(), p.black());
    }

    public static List<Line> compute(List<String> seeds, List<Game> games, List<String> byes, int forfeitPoints, Ranking ranking) {
        Map<String, int[]> table = new LinkedHashMap<>(); // points, wins, draws, losses, byes, played
        for (String player : seeds) {
            table.put(player, new int[6]);
        }
        for (Game game : games) {
            int[] white = table.get(game.white());
            int[] black = table.get(game.black());
            if (white == null || black == null) {
                throw new IllegalArgumentException("a game of players not in the tournament: " + game);
            }
            white[0] += game.whitePoints();
            black[0] += game.blackPoints();
            white[5]++;
            black[5]++;
            if (game.bothLost()) {
                white[3]++;
                black[3]++;
                continue;
            }
            Color winner = game.result().winner();
            if (winner == null) {
                white[2]++;
                black[2]++;
            } else {
                (winner == Color.WHITE ? white : black)[1]++;
                (winner == Color.WHITE ? black : white)[3]++;
            }
        }
        for (String bye : byes) {
            int[] line = table.get(bye);
            if (line == null) {
                throw new IllegalArgumentException("a bye of a player not in the tournament: " + bye);
            }
            line[0] += forfeitPoints;
            line[1]++;
            line[4]++;
        }
        Map<String, Integer> seed = new HashMap<>();
        for (int i = 0; i < seeds.size(); i++) {
            seed.put(seeds.get(i), i);
        }
        Comparator<String> points = Comparator.comparingInt(p -> -table.get(p)[0]);
        Comparator<String> wins = Comparator.comparingInt(p -> -table.get(p)[1]);
        Comparator<String> order = (ranking == Ranking.WINS_THEN_POINTS ? wins.thenComparing(points) : points.thenComparing(wins))
                .thenComparing(seed::get);
        List<String> sorted = new ArrayList<>(seeds);
        sorted.sort(order);
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            int[] t = table.get(sorted.get(i));
            lines.add(new Line(i + 1, sorted.get(i), t[0], t[1], t[2], t[3], t[4], t[5]));
        }
        return lines;
    }

    /** The player ids in table order, for {@link SwissPairing}. */
    public static List<String> order(List<Line> lines) {
        return lines.stream().map(Line::playerId).toList();
    }
}

package club.pente.ai.engine.tune;

import club.pente.ai.engine.Budget;
import club.pente.ai.engine.Engine;
import club.pente.ai.engine.match.Openings;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Color;
import club.pente.core.rules.Position;

import java.util.SplittableRandom;
import java.util.function.LongFunction;

/**
 * A seeded match between two engine makers on one thread: games in pairs sharing a random opening
 * with colours swapped, so neither side profits from a lucky opening. Scores are A's.
 */
public final class SelfPlayMatch {
    /** Totals from A's side, with a 95% interval on the score (normal approximation over game scores). */
    public record Result(int wins, int draws, int losses, long millis) {
        public int games() {
            return wins + draws + losses;
        }

        public double score() {
            return (wins + 0.5 * draws) / games();
        }

        /** Half-width of the 95% interval of {@link #score()}. */
        public double error() {
            int n = games();
            double mean = score();
            double var = (wins * Math.pow(1 - mean, 2) + draws * Math.pow(0.5 - mean, 2) + losses * mean * mean) / n;
            return n > 1 ? 1.96 * Math.sqrt(var / (n - 1)) : 1;
        }

        @Override
        public String toString() {
            return String.format("%d games: %d wins, %d draws, %d losses -> score %.1f%% +- %.1f%% (95%%), %.0f s",
                    games(), wins, draws, losses, 100 * score(), 100 * error(), millis / 1000.0);
        }
    }

    private SelfPlayMatch() {
    }

    /**
     * @param a       makes side A's engine for a game seed
     * @param b       makes side B's engine
     * @param budget  per move for both
     * @param verbose print every game
     */
    public static Result play(LongFunction<Engine> a, LongFunction<Engine> b, Budget budget, int games, long seed,
                              int maxPlies, boolean verbose) {
        long start = System.nanoTime();
        int wins = 0;
        int draws = 0;
        int losses = 0;
        for (int g = 0; g < games; g++) {
            SplittableRandom openingRandom = new SplittableRandom(seed * 1_000_003L + g / 2);
            boolean aIsWhite = g % 2 == 0;
            long gameSeed = seed * 7_919L + g;
            Engine white = aIsWhite ? a.apply(gameSeed * 2) : b.apply(gameSeed * 2);
            Engine black = aIsWhite ? b.apply(gameSeed * 2 + 1) : a.apply(gameSeed * 2 + 1);
            Position position = new Position();
            StringBuilder moves = new StringBuilder();
            for (int point : Openings.random(openingRandom)) {
                position.play(point);
                moves.append(Notation.format(point)).append(' ');
            }
            while (!position.status().isOver() && position.ply() < maxPlies) {
                Engine engine = position.toMove() == Color.WHITE ? white : black;
                int move = engine.bestMove(position, budget).move();
                position.play(move);
                moves.append(Notation.format(move)).append(' ');
            }
            Color winner = position.status().winner();
            String outcome;
            if (winner == null) {
                draws++;
                outcome = "draw";
            } else if ((winner == Color.WHITE) == aIsWhite) {
                wins++;
                outcome = "A won";
            } else {
                losses++;
                outcome = "B won";
            }
            if (verbose) {
                System.out.printf("  game %d (A %s): %s, %d plies: %s%n", g + 1, aIsWhite ? "White" : "Black", outcome,
                        position.ply(), moves.toString().trim());
            }
        }
        return new Result(wins, draws, losses, (System.nanoTime() - start) / 1_000_000);
    }
}

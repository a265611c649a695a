package club.pente.core.rules;

import java.util.SplittableRandom;

/**
 * Uniformly random legal play, for property tests, benchmarks and engine smoke tests. The moves follow the
 * position's own {@link Variant} (its captures, opening rule and wins).
 */
public final class RandomGames {
    private RandomGames() {
    }

    /** A uniformly random legal move for the side to move; the position must be ongoing. */
    public static int randomMove(Position position, SplittableRandom random) {
        if (position.status().isOver()) {
            throw new IllegalStateException("the game is over");
        }
        // Rejection sampling: the board is rarely so full that this loops long.
        while (true) {
            int point = random.nextInt(Board.POINTS);
            if (position.check(point) == null) {
                return point;
            }
        }
    }

    /**
     * A random game of {@code variant} from the start, played until it ends or {@code maxPlies} is reached; the
     * moves are the position's history ({@link Position#pointAt(int)}).
     */
    public static Position game(Variant variant, SplittableRandom random, int maxPlies) {
        Position position = new Position(variant);
        play(position, random, maxPlies);
        return position;
    }

    /** Plays random legal moves until the game ends or {@code maxPlies} is reached; returns the moves. */
    public static int[] play(Position position, SplittableRandom random, int maxPlies) {
        int[] moves = new int[maxPlies];
        int n = 0;
        while (n < maxPlies && !position.status().isOver()) {
            int point = randomMove(position, random);
            position.apply(point);
            moves[n++] = point;
        }
        return java.util.Arrays.copyOf(moves, n);
    }
}

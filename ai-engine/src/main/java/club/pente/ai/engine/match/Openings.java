package club.pente.ai.engine.match;

import club.pente.core.rules.Board;

import java.util.SplittableRandom;

/**
 * Seeded, varied openings for matches and self-play: K10, a random Black stone within distance 2 of it, a
 * random White stone at distance 3 or 4 (the opening rule's ply 3).
 */
public final class Openings {
    private Openings() {
    }

    public static int[] random(SplittableRandom random) {
        int second;
        do {
            second = Board.point(9 + random.nextInt(-2, 3), 9 + random.nextInt(-2, 3));
        } while (second == Board.CENTRE);
        int third;
        do {
            third = Board.point(9 + random.nextInt(-4, 5), 9 + random.nextInt(-4, 5));
        } while (Board.distance(third, Board.CENTRE) < 3 || third == second);
        return new int[] {Board.CENTRE, second, third};
    }
}

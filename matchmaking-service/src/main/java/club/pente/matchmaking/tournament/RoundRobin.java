package club.pente.matchmaking.tournament;

import java.util.ArrayList;
import java.util.List;

/**
 * Every player meets every other once, by the circle method: the first seed stays, the others turn one place a
 * round; with an odd count an empty seat joins the circle and whoever meets it has the bye. Colours alternate
 * for the fixed seat and by board for the others.
 */
public final class RoundRobin {
    private RoundRobin() {
    }

    /** Rounds of a full round robin: players - 1, or players when odd (everyone has one bye). */
    public static int rounds(int players) {
        return players % 2 == 0 ? players - 1 : players;
    }

    /** Round {@code round} (1-based, at most {@link #rounds}) of the seeds' round robin. */
    public static RoundPairing round(List<String> seeds, int round) {
        if (seeds.size() < 2) {
            throw new IllegalArgumentException("a round robin needs two players at least");
        }
        int total = rounds(seeds.size());
        if (round < 1 || round > total) {
            throw new IllegalArgumentException("round " + round + " of " + total);
        }
        List<String> circle = new ArrayList<>(seeds);
        if (circle.size() % 2 == 1) {
            circle.add(null);
        }
        int n = circle.size();
        int r = round - 1;
        // Seats: 0 fixed, seat k (1..n-1) holds circle[1 + (k - 1 + r) mod (n - 1)].
        String[] seat = new String[n];
        seat[0] = circle.get(0);
        for (int k = 1; k < n; k++) {
            seat[k] = circle.get(1 + (k - 1 + r) % (n - 1));
        }
        List<Pair> games = new ArrayList<>();
        String bye = null;
        for (int board = 0; board < n / 2; board++) {
            String a = seat[board];
            String b = seat[n - 1 - board];
            if (a == null || b == null) {
                bye = a == null ? b : a;
                continue;
            }
            boolean aWhite = (board + r) % 2 == 0;
            games.add(aWhite ? new Pair(a, b) : new Pair(b, a));
        }
        return new RoundPairing(games, bye);
    }
}

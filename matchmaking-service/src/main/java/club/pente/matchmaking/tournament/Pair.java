package club.pente.matchmaking.tournament;

import java.util.Objects;

/** One game of a round: who plays White, who plays Black (player ids). */
public record Pair(String white, String black) {
    public Pair {
        Objects.requireNonNull(white, "white");
        Objects.requireNonNull(black, "black");
        if (white.equals(black)) {
            throw new IllegalArgumentException("a player cannot meet themselves: " + white);
        }
    }

    public boolean involves(String player) {
        return white.equals(player) || black.equals(player);
    }

    /** The same two players, whatever the colours: the key of "have they met". */
    public static String meeting(String a, String b) {
        return a.compareTo(b) < 0 ? a + "|" + b : b + "|" + a;
    }
}

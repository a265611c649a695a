package club.pente.matchmaking.domain;

import club.pente.core.contract.PerSide;
import club.pente.core.rules.Color;

/**
 * A match of N games between A (the inviter) and B: colours alternate from game to game, and the
 * tournament points of every game (one per captured pair, five per pente) add up per player.
 */
public final class MatchRules {
    public static final int MAX_GAMES = 10;

    private MatchRules() {
    }

    public static int checkGames(Integer games) {
        int n = games == null ? 1 : games;
        if (n < 1 || n > MAX_GAMES) {
            throw new BadRequestException("BAD_GAME_COUNT", "games must be between 1 and " + MAX_GAMES + ", not " + n);
        }
        return n;
    }

    /** A's colour in game {@code number} (1-based) when A had {@code first} in game 1. */
    public static Color colourOfA(Color first, int number) {
        return number % 2 == 1 ? first : first.opponent();
    }

    /** The match score after one more game: {a, b}. */
    public static int[] add(int pointsA, int pointsB, Color colourOfA, PerSide gamePoints) {
        int forA = colourOfA == Color.WHITE ? gamePoints.white() : gamePoints.black();
        int forB = colourOfA == Color.WHITE ? gamePoints.black() : gamePoints.white();
        return new int[]{pointsA + forA, pointsB + forB};
    }
}

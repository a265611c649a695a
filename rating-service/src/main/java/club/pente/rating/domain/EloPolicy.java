package club.pente.rating.domain;

/**
 * The Elo policy of the club, in plain Java (no framework), deterministic to the last bit.
 *
 * <ul>
 *   <li>A new player starts at {@link #INITIAL_RATING} and is provisional for the first
 *       {@link #PROVISIONAL_GAMES} rated games.</li>
 *   <li>K is {@link #K_PROVISIONAL} while the player is provisional, {@link #K_ESTABLISHED} afterwards, and
 *       half of that ({@link #K_ESTABLISHED_VS_PROVISIONAL}) when an established player meets a provisional
 *       opponent, whose rating is still a rough guess.</li>
 *   <li>Expected score {@code E = 1 / (1 + 10^((Rb - Ra) / 400))}; a win scores 1, a draw 1/2, a loss 0.</li>
 *   <li>Change {@code K * (S - E)}, rounded to an integer half away from zero, then clamped so that a rating
 *       never moves against the result (a win never lowers it, a loss never raises it).</li>
 * </ul>
 *
 * Both players of a game are rated from their ratings before the game. {@link StrictMath} makes the
 * power function give the same bits on every JVM and platform, so the rounding is reproducible.
 */
public final class EloPolicy {
    public static final int INITIAL_RATING = 1500;
    public static final int PROVISIONAL_GAMES = 20;
    public static final int K_PROVISIONAL = 40;
    public static final int K_ESTABLISHED = 20;
    public static final int K_ESTABLISHED_VS_PROVISIONAL = K_ESTABLISHED / 2;

    /** The outcome of a game for one player. */
    public enum Outcome {
        WIN(1.0), DRAW(0.5), LOSS(0.0);

        private final double score;

        Outcome(double score) {
            this.score = score;
        }

        public double score() {
            return score;
        }

        public Outcome opposite() {
            return switch (this) {
                case WIN -> LOSS;
                case LOSS -> WIN;
                case DRAW -> DRAW;
            };
        }
    }

    /** A player as the policy sees them just before a game: rating and rated games played so far. */
    public record Standing(int rating, int games) {
        public Standing {
            if (games < 0) {
                throw new IllegalArgumentException("games must not be negative: " + games);
            }
        }

        public static Standing newPlayer() {
            return new Standing(INITIAL_RATING, 0);
        }

        public boolean provisional() {
            return EloPolicy.provisional(games);
        }
    }

    /** One player's side of a rated game: the K used, the rating before and after. */
    public record Change(int before, int after, int k, double expected) {
        public int delta() {
            return after - before;
        }
    }

    private EloPolicy() {
    }

    public static boolean provisional(int gamesPlayed) {
        return gamesPlayed < PROVISIONAL_GAMES;
    }

    /** The K factor for a player facing an opponent, both as they stand before the game. */
    public static int k(Standing player, Standing opponent) {
        if (player.provisional()) {
            return K_PROVISIONAL;
        }
        return opponent.provisional() ? K_ESTABLISHED_VS_PROVISIONAL : K_ESTABLISHED;
    }

    /** Expected score of a player rated {@code rating} against one rated {@code opponent}. */
    public static double expected(int rating, int opponent) {
        return 1.0 / (1.0 + StrictMath.pow(10.0, (opponent - rating) / 400.0));
    }

    /** The new rating of {@code player} after a game with {@code outcome} against {@code opponent}. */
    public static Change rate(Standing player, Standing opponent, Outcome outcome) {
        int k = k(player, opponent);
        double expected = expected(player.rating(), opponent.rating());
        long delta = roundHalfAwayFromZero(k * (outcome.score() - expected));
        // Against the result is impossible before rounding (S - E has the sign of the result); the clamp
        // states the rule outright so that no future change of rounding or K can break it.
        if (outcome == Outcome.WIN) {
            delta = Math.max(0, delta);
        } else if (outcome == Outcome.LOSS) {
            delta = Math.min(0, delta);
        }
        return new Change(player.rating(), Math.toIntExact(player.rating() + delta), k, expected);
    }

    static long roundHalfAwayFromZero(double value) {
        long magnitude = (long) Math.floor(Math.abs(value) + 0.5);
        return value < 0 ? -magnitude : magnitude;
    }
}

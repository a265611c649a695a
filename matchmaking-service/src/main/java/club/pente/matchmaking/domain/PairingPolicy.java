package club.pente.matchmaking.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * Who plays whom. Plain Java, no I/O: the caller hands it the waiting seeks (ratings already read) and
 * each player's colour record, and gets back disjoint pairings.
 *
 * <ul>
 *   <li>Only seeks of the same mode and time control pair, never two of the same player.</li>
 *   <li>Ranked: a seek accepts ratings within its window, which starts at {@code initialWindow} and widens
 *       by {@code widenBy} every {@code widenEvery} the player waits, up to {@code maxWindow}. Two seeks pair
 *       when their difference fits the wider of their two windows: the longer someone waits, the wider the
 *       net they cast, for the newcomer as well. Among candidates the closest rating wins, then the oldest.</li>
 *   <li>Casual: first come, first served.</li>
 *   <li>Colours: the player whose whites-minus-blacks balance is lower gets white; then the one with
 *       fewer whites; then chance.</li>
 * </ul>
 * Pairing is greedy from the oldest seek, which leaves no two compatible seeks unpaired.
 */
public final class PairingPolicy {
    private final int initialWindow;
    private final int widenBy;
    private final Duration widenEvery;
    private final int maxWindow;
    private final RandomGenerator random;

    public PairingPolicy(int initialWindow, int widenBy, Duration widenEvery, int maxWindow, RandomGenerator random) {
        if (initialWindow < 0 || widenBy < 0 || maxWindow < initialWindow || widenEvery.isZero() || widenEvery.isNegative()) {
            throw new IllegalArgumentException("bad pairing window settings");
        }
        this.initialWindow = initialWindow;
        this.widenBy = widenBy;
        this.widenEvery = widenEvery;
        this.maxWindow = maxWindow;
        this.random = random;
    }

    /** The rating difference a seek accepts after waiting since {@code seek.since()}. */
    public int window(Seek seek, Instant now) {
        long waitedMillis = Math.max(0, Duration.between(seek.since(), now).toMillis());
        long steps = waitedMillis / widenEvery.toMillis();
        return (int) Math.min(maxWindow, initialWindow + steps * (long) widenBy);
    }

    public boolean compatible(Seek a, Seek b, Instant now) {
        if (a.playerId().equals(b.playerId()) || !a.samePool(b)) {
            return false;
        }
        if (a.mode() == Mode.CASUAL) {
            return true;
        }
        return Math.abs(a.rating() - b.rating()) <= Math.max(window(a, now), window(b, now));
    }

    /** Disjoint pairings among the waiting seeks; those left over keep waiting. */
    public List<Pairing> pairAll(List<Seek> waiting, Function<String, ColourRecord> colours, Instant now) {
        List<Seek> open = new ArrayList<>(waiting);
        open.sort(Comparator.comparing(Seek::since).thenComparing(Seek::id));
        boolean[] taken = new boolean[open.size()];
        List<Pairing> pairings = new ArrayList<>();
        for (int i = 0; i < open.size(); i++) {
            if (taken[i]) {
                continue;
            }
            Seek seek = open.get(i);
            int best = -1;
            for (int j = i + 1; j < open.size(); j++) {
                if (taken[j] || !compatible(seek, open.get(j), now)) {
                    continue;
                }
                // Later candidates are younger: replace only on a strictly closer rating.
                if (best < 0 || (seek.mode() == Mode.RANKED && distance(seek, open.get(j)) < distance(seek, open.get(best)))) {
                    best = j;
                }
            }
            if (best >= 0) {
                taken[i] = true;
                taken[best] = true;
                pairings.add(colour(seek, open.get(best), colours));
            }
        }
        return pairings;
    }

    /** Decides who gets white. */
    public Pairing colour(Seek a, Seek b, Function<String, ColourRecord> colours) {
        return firstGetsWhite(colours.apply(a.playerId()), colours.apply(b.playerId())) ? new Pairing(a, b) : new Pairing(b, a);
    }

    public boolean firstGetsWhite(ColourRecord a, ColourRecord b) {
        if (a.balance() != b.balance()) {
            return a.balance() < b.balance();
        }
        if (a.whites() != b.whites()) {
            return a.whites() < b.whites();
        }
        return random.nextBoolean();
    }

    private static int distance(Seek a, Seek b) {
        return Math.abs(a.rating() - b.rating());
    }
}

package club.pente.matchmaking.domain;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class PairingPolicyTest {
    private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");
    private final PairingPolicy policy = new PairingPolicy(100, 50, Duration.ofSeconds(5), 400, new Random(7));

    private static Seek ranked(String player, int rating, int secondsAgo) {
        return new Seek("s-" + player, player, Mode.RANKED, "10+5", rating, T0.minusSeconds(secondsAgo));
    }

    private static Seek casual(String player, String timeControl, int secondsAgo) {
        return new Seek("s-" + player + "-" + timeControl, player, Mode.CASUAL, timeControl, 1500, T0.minusSeconds(secondsAgo));
    }

    private List<Pairing> pair(Seek... seeks) {
        return policy.pairAll(List.of(seeks), id -> ColourRecord.NONE, T0);
    }

    @Test
    void theWindowStartsNarrowAndWidensStepByStepUpToItsCap() {
        assertThat(policy.window(ranked("a", 1500, 0), T0)).isEqualTo(100);
        assertThat(policy.window(ranked("a", 1500, 4), T0)).isEqualTo(100);
        assertThat(policy.window(ranked("a", 1500, 5), T0)).isEqualTo(150);
        assertThat(policy.window(ranked("a", 1500, 12), T0)).isEqualTo(200);
        assertThat(policy.window(ranked("a", 1500, 30), T0)).isEqualTo(400);
        assertThat(policy.window(ranked("a", 1500, 3600), T0)).as("capped").isEqualTo(400);
    }

    @Test
    void rankedSeeksFarApartWaitUntilTheWindowHasWidenedEnough() {
        Seek low = new Seek("low", "p-low", Mode.RANKED, "10+5", 1500, T0);
        Seek high = new Seek("high", "p-high", Mode.RANKED, "10+5", 1780, T0);
        assertThat(policy.pairAll(List.of(low, high), id -> ColourRecord.NONE, T0)).isEmpty();
        assertThat(policy.pairAll(List.of(low, high), id -> ColourRecord.NONE, T0.plusSeconds(19))).as("window 250 after 19 s").isEmpty();
        assertThat(policy.pairAll(List.of(low, high), id -> ColourRecord.NONE, T0.plusSeconds(20))).as("window 300 at 20 s").hasSize(1);
        assertThat(policy.compatible(low, high, T0.plusSeconds(20))).isTrue();
    }

    @Test
    void theLongerWaitingPlayersWindowAdmitsANewcomer() {
        Seek waitedLong = ranked("old", 1500, 20);   // window 300
        Seek newcomer = ranked("new", 1780, 0);      // window 100
        assertThat(policy.compatible(waitedLong, newcomer, T0)).isTrue();
        assertThat(policy.compatible(ranked("old2", 1500, 0), newcomer, T0)).isFalse();
    }

    @Test
    void rankedPrefersTheClosestRatingThenTheOldest() {
        Seek first = ranked("first", 1500, 10);
        Seek far = ranked("far", 1590, 9);
        Seek close = ranked("close", 1510, 1);
        Seek alsoClose = ranked("also-close", 1490, 0);
        List<Pairing> pairings = pair(first, far, close, alsoClose);
        assertThat(pairings).hasSize(2);
        assertThat(players(pairings.get(0))).containsExactlyInAnyOrder("first", "close");
        assertThat(players(pairings.get(1))).containsExactlyInAnyOrder("far", "also-close");
    }

    @Test
    void casualIsFirstComeFirstServedAndIgnoresRatings() {
        Seek a = new Seek("a", "pa", Mode.CASUAL, "5+5", 900, T0.minusSeconds(3));
        Seek b = new Seek("b", "pb", Mode.CASUAL, "5+5", 2400, T0.minusSeconds(2));
        Seek c = new Seek("c", "pc", Mode.CASUAL, "5+5", 900, T0.minusSeconds(1));
        List<Pairing> pairings = pair(c, b, a);
        assertThat(pairings).hasSize(1);
        assertThat(players(pairings.get(0))).containsExactlyInAnyOrder("pa", "pb");
    }

    @Test
    void onlySameModeAndTimeControlPair() {
        assertThat(pair(casual("a", "5+5", 5), casual("b", "10+5", 5))).isEmpty();
        assertThat(pair(casual("a", "10+5", 5), ranked("b", 1500, 5))).isEmpty();
        assertThat(pair(casual("a", "10+5", 5), casual("b", "10+5", 5))).hasSize(1);
    }

    @Test
    void neverPairedWithOneself() {
        Seek one = new Seek("s1", "same", Mode.CASUAL, "5+5", 1500, T0.minusSeconds(2));
        Seek two = new Seek("s2", "same", Mode.CASUAL, "5+5", 1500, T0.minusSeconds(1));
        assertThat(policy.compatible(one, two, T0)).isFalse();
        assertThat(pair(one, two)).isEmpty();
    }

    @Test
    void theColourGoesToWhoeverHadWhiteLessOften() {
        Seek a = casual("a", "5+5", 2);
        Seek b = casual("b", "5+5", 1);
        Map<String, ColourRecord> history = Map.of("a", new ColourRecord(5, 2), "b", new ColourRecord(1, 1));
        Pairing pairing = policy.pairAll(List.of(a, b), history::get, T0).get(0);
        assertThat(pairing.white().playerId()).isEqualTo("b");
        // Balance first: 3 whites / 9 blacks owes more whites than 2 whites / 2 blacks.
        assertThat(policy.firstGetsWhite(new ColourRecord(3, 9), new ColourRecord(2, 2))).isTrue();
        assertThat(policy.firstGetsWhite(new ColourRecord(2, 2), new ColourRecord(3, 9))).isFalse();
        // Same balance: fewer whites.
        assertThat(policy.firstGetsWhite(new ColourRecord(1, 1), new ColourRecord(4, 4))).isTrue();
    }

    @Test
    void equalHistoriesGetBothColoursByChance() {
        int whitesForFirst = 0;
        for (int i = 0; i < 200; i++) {
            if (policy.firstGetsWhite(ColourRecord.NONE, ColourRecord.NONE)) {
                whitesForFirst++;
            }
        }
        assertThat(whitesForFirst).isBetween(60, 140);
    }

    @Test
    void greedyPairingIsDisjointAndLeavesNoCompatiblePairBehind() {
        SplittableRandom random = new SplittableRandom(42);
        List<Seek> seeks = new ArrayList<>();
        String[] pools = {"5+5", "10+5"};
        for (int i = 0; i < 400; i++) {
            Mode mode = random.nextBoolean() ? Mode.RANKED : Mode.CASUAL;
            String player = "p" + random.nextInt(300); // some players appear twice
            seeks.add(new Seek("s" + i, player, mode, pools[random.nextInt(2)], 1200 + random.nextInt(700),
                    T0.minusMillis(random.nextInt(60_000))));
        }
        List<Pairing> pairings = policy.pairAll(seeks, id -> ColourRecord.NONE, T0);
        Set<String> used = new HashSet<>();
        for (Pairing pairing : pairings) {
            assertThat(used.add(pairing.white().id())).isTrue();
            assertThat(used.add(pairing.black().id())).isTrue();
            assertThat(policy.compatible(pairing.white(), pairing.black(), T0)).isTrue();
        }
        List<Seek> left = seeks.stream().filter(s -> !used.contains(s.id())).toList();
        for (int i = 0; i < left.size(); i++) {
            for (int j = i + 1; j < left.size(); j++) {
                assertThat(policy.compatible(left.get(i), left.get(j), T0))
                        .as("%s and %s both left waiting", left.get(i), left.get(j)).isFalse();
            }
        }
    }

    private static List<String> players(Pairing pairing) {
        return List.of(pairing.white().playerId(), pairing.black().playerId());
    }
}

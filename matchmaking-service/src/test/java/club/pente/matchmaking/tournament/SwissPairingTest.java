package club.pente.matchmaking.tournament;

import club.pente.core.contract.PerSide;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Swiss tournaments played out by hand: each round's pairing and colours, the standings after it, with the results
 * scripted per game. The expectations were worked out on paper from the rules in {@link SwissPairing}'s comment.
 */
class SwissPairingTest {
    private static final int FORFEIT = 5;
    private static final List<String> SIX = List.of("p1", "p2", "p3", "p4", "p5", "p6");
    private static final List<String> FIVE = List.of("p1", "p2", "p3", "p4", "p5");

    private final List<RoundPairing> rounds = new ArrayList<>();
    private final List<Standings.Game> games = new ArrayList<>();
    private final List<String> byes = new ArrayList<>();

    @Test
    void sixPlayersThreeRounds() {
        // Round 1: all on 0, seed order; board 1 the higher seed White, board 2 Black, board 3 White.
        RoundPairing r1 = next(SIX);
        assertThat(r1).isEqualTo(round(null, "p1", "p2", "p4", "p3", "p5", "p6"));
        play(r1.games().get(0), Status.WHITE_WINS, 6, 2);   // p1 a pente and one capture; p2 two captures
        play(r1.games().get(1), Status.BLACK_WINS, 3, 5);   // p3 wins by five captures
        play(r1.games().get(2), Status.BLACK_WINS, 1, 5);   // p6 a pente without captures
        assertThat(table(SIX)).containsExactly("p1:6", "p3:5", "p6:5", "p4:3", "p2:2", "p5:1");

        // Round 2: top down, never again, the one who had White now Black.
        RoundPairing r2 = next(SIX);
        assertThat(r2).isEqualTo(round(null, "p3", "p1", "p6", "p4", "p2", "p5"));
        play(r2.games().get(0), Status.BLACK_WINS, 0, 7);
        play(r2.games().get(1), Status.BLACK_WINS, 4, 5);
        play(r2.games().get(2), Status.WHITE_WINS, 6, 2);
        assertThat(table(SIX)).containsExactly("p1:13", "p6:9", "p2:8", "p4:8", "p3:5", "p5:3");

        // Round 3: everyone at one White one Black; whoever had White last takes Black.
        RoundPairing r3 = next(SIX);
        assertThat(r3).isEqualTo(round(null, "p1", "p6", "p4", "p2", "p5", "p3"));
        play(r3.games().get(0), Status.BLACK_WINS, 2, 5);
        play(r3.games().get(1), Status.WHITE_WINS, 5, 0);
        play(r3.games().get(2), Status.BLACK_WINS, 1, 6);
        assertThat(table(SIX)).containsExactly("p1:15", "p6:14", "p4:13", "p3:11", "p2:8", "p5:4");

        assertNoRepeatsAndBalancedColours(SIX);
    }

    /** The tournament SwissTournamentIT plays through the real services: wins by five (5) or by five after a capture (6). */
    @Test
    void sixPlayersThreeRoundsAsPlayedOnTheBoardsOfTheIntegrationTest() {
        RoundPairing r1 = next(SIX);
        assertThat(r1).isEqualTo(round(null, "p1", "p2", "p4", "p3", "p5", "p6"));
        play(r1.games().get(0), Status.WHITE_WINS, 6, 0);
        play(r1.games().get(1), Status.BLACK_WINS, 0, 5);
        play(r1.games().get(2), Status.BLACK_WINS, 0, 6);
        assertThat(table(SIX)).containsExactly("p1:6", "p6:6", "p3:5", "p2:0", "p4:0", "p5:0");

        // p3 and p2 both had Black: p3 meets p5 instead (p4 it met already).
        RoundPairing r2 = next(SIX);
        assertThat(r2).isEqualTo(round(null, "p6", "p1", "p3", "p5", "p2", "p4"));
        play(r2.games().get(0), Status.BLACK_WINS, 0, 5);
        play(r2.games().get(1), Status.WHITE_WINS, 6, 0);
        play(r2.games().get(2), Status.BLACK_WINS, 0, 6);
        assertThat(table(SIX)).containsExactly("p1:11", "p3:11", "p4:6", "p6:6", "p2:0", "p5:0");

        RoundPairing r3 = next(SIX);
        assertThat(r3).isEqualTo(round(null, "p1", "p3", "p4", "p6", "p5", "p2"));
        play(r3.games().get(0), Status.WHITE_WINS, 5, 0);
        play(r3.games().get(1), Status.BLACK_WINS, 0, 6);
        play(r3.games().get(2), Status.WHITE_WINS, 6, 0);
        assertThat(table(SIX)).containsExactly("p1:16", "p6:12", "p3:11", "p4:6", "p5:6", "p2:0");

        assertNoRepeatsAndBalancedColours(SIX);
    }

    @Test
    void fivePlayersThreeRoundsByesNeverTwice() {
        RoundPairing r1 = next(FIVE);
        assertThat(r1).isEqualTo(round("p5", "p1", "p2", "p4", "p3"));
        play(r1.games().get(0), Status.WHITE_WINS, 6, 2);
        play(r1.games().get(1), Status.BLACK_WINS, 3, 5);
        assertThat(table(FIVE)).containsExactly("p1:6", "p3:5", "p5:5", "p4:3", "p2:2");

        RoundPairing r2 = next(FIVE);
        assertThat(r2).isEqualTo(round("p2", "p3", "p1", "p5", "p4"));
        play(r2.games().get(0), Status.BLACK_WINS, 0, 7);
        play(r2.games().get(1), Status.BLACK_WINS, 4, 5);
        assertThat(table(FIVE)).containsExactly("p1:13", "p5:9", "p4:8", "p2:7", "p3:5");

        // p3, the lowest without a bye, has it; p4 does not show up against p2: a win and the forfeit points for p2.
        RoundPairing r3 = next(FIVE);
        assertThat(r3).isEqualTo(round("p3", "p1", "p5", "p2", "p4"));
        play(r3.games().get(0), Status.BLACK_WINS, 1, 6);
        Standings.Scored noShow = Standings.score(Status.WHITE_WINS, EndReason.NO_SHOW, new PerSide(0, 0), FORFEIT);
        play(r3.games().get(1), noShow.result(), noShow.whitePoints(), noShow.blackPoints());
        assertThat(table(FIVE)).containsExactly("p5:15", "p1:14", "p2:12", "p3:10", "p4:8");
        assertThat(byes).containsExactly("p5", "p2", "p3");

        assertNoRepeatsAndBalancedColours(FIVE);
    }

    @Test
    void aRepeatIsAvoidedByBacktrackingPastTheGreedyChoice() {
        // a-b, c-d met; standings a, c, b, d: greedy a-c leaves b-d (fine). Make a-c met too: a must take d, c-b.
        History history = History.of(List.of(round(null, "a", "b", "c", "d"), round(null, "c", "a", "d", "b")));
        RoundPairing pairing = SwissPairing.pair(List.of("a", "c", "b", "d"), history);
        assertThat(pairing.games()).extracting(p -> Pair.meeting(p.white(), p.black()))
                .containsExactlyInAnyOrder(Pair.meeting("a", "d"), Pair.meeting("b", "c"));
    }

    @Test
    void whenEveryoneMetEveryoneARepeatIsAllowedRatherThanNoRound() {
        History history = History.of(List.of(round(null, "a", "b")));
        RoundPairing pairing = SwissPairing.pair(List.of("a", "b"), history);
        assertThat(pairing.games()).containsExactly(new Pair("b", "a"));
    }

    @Test
    void randomTournamentsNeverRepeatNorGiveASecondByeAndKeepColoursWithinTwo() {
        // Within one is not always possible: no pair of a "+1" and a "-1" player may be left that has not met.
        java.util.Random random = new java.util.Random(18);
        for (int n = 2; n <= 16; n++) {
            List<String> players = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                players.add("p" + i);
            }
            int maxRounds = Math.min((n + 1) / 2, 5); // more rounds than half the field may force a repeat
            for (int trial = 0; trial < 10; trial++) {
                rounds.clear();
                games.clear();
                byes.clear();
                for (int r = 0; r < maxRounds; r++) {
                    RoundPairing pairing = next(players);
                    for (Pair pair : pairing.games()) {
                        int w = random.nextInt(8);
                        int b = random.nextInt(8);
                        play(pair, random.nextBoolean() ? Status.WHITE_WINS : Status.BLACK_WINS, w, b);
                    }
                }
                assertNoRepeatsAndBalancedColours(players, 2);
                assertThat(new HashSet<>(byes)).as("byes of %d players", n).hasSameSizeAs(byes);
            }
        }
    }

    @Test
    void sixtyFourPlayersSevenRoundsPairQuicklyWithoutRepeats() {
        List<String> players = new ArrayList<>();
        for (int i = 1; i <= 64; i++) {
            players.add("p" + i);
        }
        long start = System.nanoTime();
        for (int r = 0; r < 7; r++) {
            for (Pair pair : next(players).games()) {
                play(pair, pair.white().compareTo(pair.black()) < 0 ? Status.WHITE_WINS : Status.BLACK_WINS, 5, 2);
            }
        }
        assertThat(System.nanoTime() - start).as("nanoseconds for 7 rounds of 64").isLessThan(5_000_000_000L);
        assertNoRepeatsAndBalancedColours(players, 2);
    }

    // --- helpers ---------------------------------------------------------------------------------------------

    private RoundPairing next(List<String> seeds) {
        List<String> order = Standings.order(Standings.compute(seeds, games, byes, FORFEIT, Ranking.POINTS_THEN_WINS));
        RoundPairing pairing = SwissPairing.pair(order, History.of(rounds));
        rounds.add(pairing);
        if (pairing.bye() != null) {
            byes.add(pairing.bye());
        }
        return pairing;
    }

    private void play(Pair pair, Status result, int whitePoints, int blackPoints) {
        games.add(new Standings.Game(pair.white(), pair.black(), result, whitePoints, blackPoints));
    }

    private List<String> table(List<String> seeds) {
        return Standings.compute(seeds, games, byes, FORFEIT, Ranking.POINTS_THEN_WINS).stream()
                .map(line -> line.playerId() + ":" + line.points()).toList();
    }

    /** A round from white, black, white, black, ... */
    static RoundPairing round(String bye, String... players) {
        List<Pair> pairs = new ArrayList<>();
        for (int i = 0; i < players.length; i += 2) {
            pairs.add(new Pair(players[i], players[i + 1]));
        }
        return new RoundPairing(pairs, bye);
    }

    private void assertNoRepeats(List<String> players) {
        Set<String> meetings = new HashSet<>();
        for (RoundPairing round : rounds) {
            Set<String> inRound = new HashSet<>();
            for (Pair pair : round.games()) {
                assertThat(meetings.add(Pair.meeting(pair.white(), pair.black()))).as("%d players, round %d: repeat %s", players.size(), rounds.indexOf(round) + 1, pair).isTrue();
                assertThat(inRound.add(pair.white()) && inRound.add(pair.black())).as("twice in a round: %s", pair).isTrue();
            }
            if (round.bye() != null) {
                assertThat(inRound.add(round.bye())).isTrue();
            }
            assertThat(inRound).containsExactlyInAnyOrderElementsOf(players);
        }
    }

    private void assertNoRepeatsAndBalancedColours(List<String> players) {
        assertNoRepeatsAndBalancedColours(players, 1);
    }

    private void assertNoRepeatsAndBalancedColours(List<String> players, int within) {
        assertNoRepeats(players);
        Map<String, Integer> balance = new HashMap<>();
        for (RoundPairing round : rounds) {
            for (Pair pair : round.games()) {
                balance.merge(pair.white(), 1, Integer::sum);
                balance.merge(pair.black(), -1, Integer::sum);
            }
        }
        assertThat(balance.values()).allSatisfy(b -> assertThat(Math.abs(b)).isLessThanOrEqualTo(within));
    }
}

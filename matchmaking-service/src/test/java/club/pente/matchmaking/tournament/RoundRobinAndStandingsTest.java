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

class RoundRobinAndStandingsTest {

    @Test
    void fourPlayersByTheCircleMethod() {
        List<String> seeds = List.of("a", "b", "c", "d");
        assertThat(RoundRobin.rounds(4)).isEqualTo(3);
        // Seats 0..3: a fixed; b c d turn. Round 1 a-d, b-c; round 2 a-b, c-d; round 3 a-c, d-b.
        assertThat(RoundRobin.round(seeds, 1)).isEqualTo(SwissPairingTest.round(null, "a", "d", "c", "b"));
        assertThat(RoundRobin.round(seeds, 2)).isEqualTo(SwissPairingTest.round(null, "b", "a", "c", "d"));
        assertThat(RoundRobin.round(seeds, 3)).isEqualTo(SwissPairingTest.round(null, "a", "c", "b", "d"));
    }

    @Test
    void everyoneMeetsEveryoneOnceAndOddCountsHaveOneByeEach() {
        for (int n = 2; n <= 12; n++) {
            List<String> seeds = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                seeds.add("p" + i);
            }
            Set<String> meetings = new HashSet<>();
            Map<String, Integer> byes = new HashMap<>();
            Map<String, Integer> whites = new HashMap<>();
            for (int r = 1; r <= RoundRobin.rounds(n); r++) {
                RoundPairing round = RoundRobin.round(seeds, r);
                Set<String> seen = new HashSet<>();
                for (Pair pair : round.games()) {
                    assertThat(meetings.add(Pair.meeting(pair.white(), pair.black()))).as("%d players: repeat %s", n, pair).isTrue();
                    assertThat(seen.add(pair.white()) && seen.add(pair.black())).isTrue();
                    whites.merge(pair.white(), 1, Integer::sum);
                }
                if (round.bye() != null) {
                    byes.merge(round.bye(), 1, Integer::sum);
                    seen.add(round.bye());
                }
                assertThat(seen).hasSize(n);
            }
            assertThat(meetings).hasSize(n * (n - 1) / 2);
            if (n % 2 == 1) {
                assertThat(byes).hasSize(n).allSatisfy((p, count) -> assertThat(count).isEqualTo(1));
            } else {
                assertThat(byes).isEmpty();
            }
        }
    }

    @Test
    void rankingPointsThenWinsOrWinsThenPointsThenSeed() {
        List<String> seeds = List.of("a", "b", "c", "d");
        List<Standings.Game> games = List.of(
                new Standings.Game("a", "b", Status.WHITE_WINS, 5, 4),  // a 1 win 5 pts, b 4
                new Standings.Game("c", "d", Status.BLACK_WINS, 9, 5),  // d 1 win 5, c 9
                new Standings.Game("b", "d", Status.WHITE_WINS, 5, 0),  // b win: 9 pts 1 win; d 5
                new Standings.Game("a", "c", Status.DRAW, 0, 0));
        List<Standings.Line> byPoints = Standings.compute(seeds, games, List.of(), 5, Ranking.POINTS_THEN_WINS);
        assertThat(byPoints).extracting(l -> l.playerId() + ":" + l.points() + "/" + l.wins())
                .containsExactly("b:9/1", "c:9/0", "a:5/1", "d:5/1");
        assertThat(byPoints.get(2)).isEqualTo(new Standings.Line(3, "a", 5, 1, 1, 0, 0, 2));
        List<Standings.Line> byWins = Standings.compute(seeds, games, List.of(), 5, Ranking.WINS_THEN_POINTS);
        assertThat(byWins).extracting(l -> l.playerId() + ":" + l.points() + "/" + l.wins())
                .containsExactly("b:9/1", "a:5/1", "d:5/1", "c:9/0");
    }

    @Test
    void aByeIsAWinWithTheForfeitPoints() {
        List<Standings.Line> lines = Standings.compute(List.of("a", "b", "c"),
                List.of(new Standings.Game("a", "b", Status.WHITE_WINS, 6, 1)), List.of("c"), 7, Ranking.POINTS_THEN_WINS);
        assertThat(lines).containsExactly(new Standings.Line(1, "c", 7, 1, 0, 0, 1, 0),
                new Standings.Line(2, "a", 6, 1, 0, 0, 0, 1), new Standings.Line(3, "b", 1, 0, 0, 1, 0, 1));
    }

    @Test
    void aNoShowScoresTheForfeitForThePresentPlayerAndNothingForTheAbsent() {
        assertThat(Standings.score(Status.BLACK_WINS, EndReason.NO_SHOW, new PerSide(2, 0), 5))
                .isEqualTo(new Standings.Scored(Status.BLACK_WINS, 0, 5));
        assertThat(Standings.score(Status.WHITE_WINS, EndReason.FIVE_IN_A_ROW, new PerSide(7, 3), 5))
                .isEqualTo(new Standings.Scored(Status.WHITE_WINS, 7, 3));
        assertThat(Standings.score(Status.DRAW, EndReason.ABORTED, null, 5)).isEqualTo(new Standings.Scored(Status.DRAW, 0, 0));
    }
}

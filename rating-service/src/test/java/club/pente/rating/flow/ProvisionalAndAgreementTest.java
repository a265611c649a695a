package club.pente.rating.flow;

import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.rating.domain.EloPolicy;
import club.pente.rating.support.RatingServiceTestResource;
import club.pente.rating.support.RatingStreams;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static club.pente.rating.support.RatingApi.awaitGames;
import static club.pente.rating.support.RatingApi.awaitStatistics;
import static club.pente.rating.support.RatingApi.statistics;
import static club.pente.rating.support.RatingStreams.account;
import static club.pente.rating.support.RatingStreams.ended;
import static club.pente.rating.support.RatingStreams.ranked;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/** Issue 14: a draw by agreement is rated and counted as a draw; provisional players are on the leaderboard, marked. */
@QuarkusTest
@QuarkusTestResource(value = RatingServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class ProvisionalAndAgreementTest {
    private static RatingStreams streams;

    @BeforeAll
    static void openStreams() {
        streams = RatingStreams.open();
    }

    @AfterAll
    static void closeStreams() throws Exception {
        streams.close();
    }

    @Test
    void aRankedDrawByAgreementIsRatedAsADrawAndCountedUnderAgreement() {
        PlayerRef ann = account("ann");
        PlayerRef ben = account("ben");
        JsonPath before = statistics();
        streams.publish(ranked(ann, ben, Status.WHITE_WINS)); // 1520 / 1480
        awaitGames(ben.id(), 1);
        GameEnded agreed = ended(UUID.randomUUID().toString(), ann, ben, Status.DRAW, EndReason.AGREEMENT, true);
        streams.publish(agreed);

        // E(1520, 1480) = 1 / (1 + 10^(-40/400)) = 0.5573; 40 * (0.5 - 0.5573) = -2.29 -> -2: 1518 and 1482.
        JsonPath a = awaitGames(ann.id(), 2);
        JsonPath b = awaitGames(ben.id(), 2);
        assertThat(a.getInt("rating")).isEqualTo(1518);
        assertThat(b.getInt("rating")).isEqualTo(1482);
        assertThat(a.getList("history.outcome")).containsExactly("DRAW", "WIN");
        assertThat(a.getList("history.gameId").get(0)).isEqualTo(agreed.gameId());
        assertThat(a.getInt("draws")).isEqualTo(1);
        assertThat(b.getInt("draws")).isEqualTo(1);

        long gamesBefore = before.getLong("games");
        JsonPath after = awaitStatistics(s -> s.getLong("games") >= gamesBefore + 2);
        Map<String, Integer> reasons = after.getMap("byReason");
        assertThat(reasons).containsKey("AGREEMENT");
        Map<String, Integer> reasonsBefore = before.getMap("byReason");
        assertThat(reasons.get("AGREEMENT") - reasonsBefore.getOrDefault("AGREEMENT", 0)).isEqualTo(1);
        assertThat(after.getLong("draws") - before.getLong("draws")).isGreaterThanOrEqualTo(1);
    }

    @Test
    void provisionalPlayersAreOnTheLeaderboardMarkedAfterTheEstablishedOnes() {
        PlayerRef newcomer = account("newcomer");
        PlayerRef loser = account("loser");
        streams.publish(ranked(newcomer, loser, Status.WHITE_WINS));
        awaitGames(newcomer.id(), 1);
        awaitGames(loser.id(), 1);

        // The whole board, page by page (other tests of the run rate many players).
        List<Map<String, Object>> entries = new ArrayList<>();
        long total;
        int page = 0;
        do {
            JsonPath board = given().queryParam("page", page++).queryParam("size", 100).get("/api/ratings/leaderboard").then()
                    .statusCode(200).extract().jsonPath();
            total = board.getLong("total");
            List<Map<String, Object>> onPage = board.getList("entries");
            entries.addAll(onPage);
            if (onPage.isEmpty()) {
                break;
            }
        } while (entries.size() < total);
        List<String> ids = entries.stream().map(e -> (String) e.get("playerId")).toList();
        assertThat(ids).contains(newcomer.id(), loser.id());
        assertThat(ids.indexOf(newcomer.id())).as("1520 before 1480").isLessThan(ids.indexOf(loser.id()));
        Map<String, Object> entry = entries.get(ids.indexOf(newcomer.id()));
        assertThat(entry.get("provisional")).isEqualTo(true);
        assertThat(entry.get("rating")).isEqualTo(1520);
        assertThat(entry.get("games")).isEqualTo(1);
        boolean seenProvisional = false;
        for (int i = 0; i < entries.size(); i++) {
            Map<String, Object> e = entries.get(i);
            boolean provisional = (Boolean) e.get("provisional");
            assertThat(provisional).isEqualTo((Integer) e.get("games") < EloPolicy.PROVISIONAL_GAMES);
            assertThat(!provisional && seenProvisional).as("an established player after a provisional one").isFalse();
            seenProvisional |= provisional;
            assertThat(e.get("rank")).isEqualTo(i + 1);
            if (i > 0 && provisional == (Boolean) entries.get(i - 1).get("provisional")) {
                assertThat((Integer) e.get("rating")).isLessThanOrEqualTo((Integer) entries.get(i - 1).get("rating"));
            }
        }
        assertThat(entries).hasSize((int) total);
    }
}

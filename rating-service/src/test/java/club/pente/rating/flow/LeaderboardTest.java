package club.pente.rating.flow;

import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PlayerRef;
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

import static club.pente.rating.support.RatingApi.awaitGames;
import static club.pente.rating.support.RatingStreams.account;
import static club.pente.rating.support.RatingStreams.ranked;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Players become established after 20 rated games; they lead the leaderboard, best first, in pages; the
 * provisional ones follow, marked.
 */
@QuarkusTest
@QuarkusTestResource(value = RatingServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class LeaderboardTest {
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
    void establishedPlayersOnlyOrderedByRatingAndPaged() {
        PlayerRef strong = account("strong");
        PlayerRef middle = account("middle");
        PlayerRef weak = account("weak");
        PlayerRef almost = account("almost");
        List<GameEnded> games = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            games.add(ranked(strong, account("s" + i), Status.WHITE_WINS));
            games.add(ranked(middle, account("m" + i), i % 2 == 0 ? Status.WHITE_WINS : Status.BLACK_WINS));
            games.add(ranked(account("w" + i), weak, Status.WHITE_WINS));
            if (i < 19) {
                games.add(ranked(almost, account("a" + i), Status.WHITE_WINS));
            }
        }
        streams.publishAll(games);
        JsonPath strongProfile = awaitGames(strong.id(), 20);
        awaitGames(middle.id(), 20);
        awaitGames(weak.id(), 20);
        JsonPath almostProfile = awaitGames(almost.id(), 19);
        assertThat(strongProfile.getBoolean("provisional")).isFalse();
        assertThat(almostProfile.getBoolean("provisional")).isTrue();

        // 20 wins against new (1500) players, K = 40 throughout: +20 (E = 0.5) = 1520, then
        // 40 * (1 - E(1520, 1500)) = 40 * (1 - 0.5287) = +18.85 -> +19 = 1539, +18 = 1557, ... hand-computed chain:
        assertThat(strongProfile.getList("history.after", Integer.class)).containsExactly(
                1752, 1744, 1736, 1728, 1719, 1710, 1700, 1690, 1680, 1669, 1657, 1645, 1632, 1619, 1605, 1590, 1574, 1557, 1539, 1520);
        assertThat(strongProfile.getInt("rating")).isEqualTo(1752);

        JsonPath board = given().queryParam("size", 100).get("/api/ratings/leaderboard").then().statusCode(200).extract().jsonPath();
        List<Map<String, Object>> entries = board.getList("entries");
        List<String> ids = board.getList("entries.playerId");
        assertThat(entries.size()).isEqualTo((int) Math.min(100, board.getLong("total")));
        assertThat(ids).contains(strong.id(), middle.id(), weak.id(), almost.id());
        assertThat(ids.indexOf(strong.id())).isLessThan(ids.indexOf(middle.id()));
        assertThat(ids.indexOf(middle.id())).isLessThan(ids.indexOf(weak.id()));
        // almost (19 wins, far above weak) is still provisional: after every established player.
        assertThat(ids.indexOf(weak.id())).isLessThan(ids.indexOf(almost.id()));
        assertThat(entries.get(ids.indexOf(almost.id())).get("provisional")).isEqualTo(true);
        assertThat(entries.get(ids.indexOf(weak.id())).get("provisional")).isEqualTo(false);
        for (int i = 0; i < entries.size(); i++) {
            assertThat(entries.get(i).get("rank")).isEqualTo(i + 1);
            boolean provisional = (Boolean) entries.get(i).get("provisional");
            assertThat((Integer) entries.get(i).get("games") >= EloPolicy.PROVISIONAL_GAMES).isEqualTo(!provisional);
            if (i > 0 && provisional == (Boolean) entries.get(i - 1).get("provisional")) {
                assertThat((Integer) entries.get(i).get("rating")).isLessThanOrEqualTo((Integer) entries.get(i - 1).get("rating"));
            }
        }

        // Pages of two cover the same list.
        List<String> paged = new ArrayList<>();
        for (int page = 0; page * 2 < entries.size(); page++) {
            JsonPath p = given().queryParam("page", page).queryParam("size", 2).get("/api/ratings/leaderboard")
                    .then().statusCode(200).extract().jsonPath();
            assertThat(p.getInt("page")).isEqualTo(page);
            assertThat(p.getList("entries.rank", Integer.class)).allSatisfy(rank -> assertThat(rank).isGreaterThan(2 * p.getInt("page")));
            paged.addAll(p.getList("entries.playerId"));
        }
        assertThat(paged).isEqualTo(ids);
        assertThat(given().queryParam("page", 1000).get("/api/ratings/leaderboard").then().statusCode(200)
                .extract().jsonPath().getList("entries")).isEmpty();

        // Now established, the strong player (1752) beats one more new (provisional) player: K halves to 10.
        // E(1752, 1500) = 1 / (1 + 10^(-252/400)) = 1 / (1 + 0.2344) = 0.8101; 10 * (1 - 0.8101) = +1.90 -> +2 = 1754.
        streams.publish(ranked(account("newcomer"), strong, Status.BLACK_WINS));
        JsonPath after = awaitGames(strong.id(), 21);
        Map<String, Object> last = after.getMap("history[0]");
        assertThat(last.get("k")).isEqualTo(EloPolicy.K_ESTABLISHED_VS_PROVISIONAL);
        assertThat(last.get("colour")).isEqualTo("BLACK");
        assertThat(last.get("before")).isEqualTo(1752);
        assertThat(after.getInt("rating")).isEqualTo(1754);
    }
}

package club.pente.rating.flow;

import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Status;
import club.pente.rating.support.RatingServiceTestResource;
import club.pente.rating.support.RatingStreams;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static club.pente.rating.support.RatingApi.DEADLINE;
import static club.pente.rating.support.RatingApi.awaitGames;
import static club.pente.rating.support.RatingStreams.account;
import static club.pente.rating.support.RatingStreams.annulled;
import static club.pente.rating.support.RatingStreams.ranked;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

/** The staff endpoints against the real Keycloak: who may call them, the player search, the audit and the status. */
@QuarkusTest
@QuarkusTestResource(value = RatingServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class AdminApiTest {
    private static final List<String> ENDPOINTS = List.of("/api/admin/players?q=ali", "/api/admin/audit", "/api/admin/status");
    private static RatingStreams streams;
    private static String alice;
    private static String mod;
    private static String admin;

    @BeforeAll
    static void setUp() {
        streams = RatingStreams.open();
        alice = DemoTokens.accessToken("alice", "alice");
        mod = DemoTokens.accessToken("mod", "mod");
        admin = DemoTokens.accessToken("admin", "admin");
    }

    @AfterAll
    static void closeStreams() throws Exception {
        streams.close();
    }

    private static RequestSpecification as(String token) {
        return given().header("Authorization", "Bearer " + token);
    }

    private static Response get(RequestSpecification request, String pathAndQuery) {
        return request.urlEncodingEnabled(false).get(pathAndQuery);
    }

    @Test
    void onlyModeratorsAndAdminsMayCallTheStaffEndpoints() {
        String guest = DemoTokens.guestToken("a guest");
        for (String endpoint : ENDPOINTS) {
            get(given(), endpoint).then().statusCode(401).body("error", equalTo("UNAUTHENTICATED"));
            get(as("not-a-token"), endpoint).then().statusCode(401);
            get(as(alice), endpoint).then().statusCode(403).body("error", equalTo("STAFF_ONLY"));
            get(as(guest), endpoint).then().statusCode(403).body("error", equalTo("STAFF_ONLY"));
            get(as(mod), endpoint).then().statusCode(200);
            get(as(admin), endpoint).then().statusCode(200);
        }
        // A player's bad query is refused as a player, before the query is looked at.
        get(as(alice), "/api/admin/players?q=").then().statusCode(403).body("error", equalTo("STAFF_ONLY"));
        // Nothing writes the audit through the API.
        for (String method : List.of("POST", "PUT", "PATCH", "DELETE")) {
            int status = as(admin).contentType("application/json").body("{}").request(method, "/api/admin/audit").statusCode();
            assertThat(status).as(method).isIn(404, 405);
        }
    }

    @Test
    void theSearchFindsKeycloakAccountsWithTheirRatings() {
        String aliceId = DemoTokens.claims(alice).get("sub").asText();
        PlayerRef aliceRef = new PlayerRef(aliceId, "alice");
        PlayerRef opponent = account("opponent");
        streams.publish(ranked(aliceRef, opponent, Status.WHITE_WINS));
        awaitGames(aliceId, 1);

        JsonPath found = get(as(mod), "/api/admin/players?q=ali&limit=5").then().statusCode(200).extract().jsonPath();
        assertThat(found.getBoolean("partial")).isFalse();
        List<Map<String, Object>> players = found.getList("players");
        assertThat(players).filteredOn(p -> aliceId.equals(p.get("id"))).singleElement().satisfies(p -> {
            assertThat(p.get("username")).isEqualTo("alice");
            assertThat(p.get("enabled")).isEqualTo(true);
            assertThat(p.get("createdAt")).isNotNull();
            assertThat(p.get("rating")).isEqualTo(1520);
            assertThat(p.get("games")).isEqualTo(1);
            assertThat(p.get("provisional")).isEqualTo(true);
        });
        assertThat(players).noneMatch(p -> "bob".equals(p.get("username")));

        // bob has no rated game in this run: an account without a standing here.
        JsonPath bob = get(as(admin), "/api/admin/players?q=bob").then().statusCode(200).extract().jsonPath();
        assertThat(bob.getList("players.username")).contains("bob");
        Map<String, Object> bobHit = bob.<Map<String, Object>>getList("players").stream()
                .filter(p -> "bob".equals(p.get("username"))).findFirst().orElseThrow();
        assertThat(bobHit.get("rating")).isNull();
        assertThat(bobHit.get("games")).isNull();
        assertThat(bobHit).containsKey("rating");

        // Nobody by that name.
        get(as(mod), "/api/admin/players?q=nobody-by-this-name-xyz").then().statusCode(200)
                .body("players.size()", equalTo(0)).body("partial", equalTo(false));
    }

    @Test
    void theSearchRefusesBadQueriesAndLimits() {
        for (String query : List.of("", "q=", "q=" + "a".repeat(65), "q=%01ali", "q=%20%20", "q=ali&limit=0", "q=ali&limit=101",
                "q=ali&limit=abc")) {
            Response response = get(as(mod), query.isEmpty() ? "/api/admin/players" : "/api/admin/players?" + query);
            assertThat(response.statusCode()).as(query).isEqualTo(400);
            assertThat(response.jsonPath().getString("error")).as(query).isEqualTo(query.contains("limit") ? "BAD_LIMIT" : "BAD_QUERY");
        }
        get(as(mod), "/api/admin/players?q=" + "a".repeat(64)).then().statusCode(200);
    }

    @Test
    void theAuditListsTheReversalAndTheStatusTheBacklog() {
        PlayerRef kim = account("kim");
        PlayerRef lea = account("lea");
        GameEnded game = ranked(kim, lea, Status.WHITE_WINS);
        streams.publish(game);
        awaitGames(kim.id(), 1);
        streams.publish(annulled(game, "audit me"));

        JsonPath audit = await().atMost(DEADLINE).pollInterval(Duration.ofMillis(100)).until(
                () -> get(as(mod), "/api/admin/audit?game=" + game.gameId()).then().statusCode(200).extract().jsonPath(),
                page -> page.getList("entries").size() == 1);
        assertThat(audit.getString("service")).isEqualTo("rating-service");
        assertThat(audit.getString("entries[0].action")).isEqualTo("REVERSE_RATINGS");
        assertThat(audit.getString("entries[0].targetType")).isEqualTo("GAME");
        assertThat(audit.getString("entries[0].targetId")).isEqualTo(game.gameId());
        assertThat(audit.getString("entries[0].actor.username")).isEqualTo("admin");
        assertThat(audit.getString("entries[0].actor.role")).isEqualTo("ADMIN");
        assertThat(audit.getString("entries[0].reason")).isEqualTo("audit me");
        assertThat(audit.getString("entries[0].outcome")).isEqualTo("APPLIED");
        assertThat(audit.getString("entries[0].detail")).isEqualTo("kim 1520->1500, lea 1480->1500");
        assertThat(audit.getString("entries[0].occurredAt")).isNotBlank();

        get(as(mod), "/api/admin/audit?game=" + game.gameId() + "&action=ABORT_GAME").then().statusCode(200)
                .body("entries.size()", equalTo(0));
        get(as(mod), "/api/admin/audit?target=" + game.gameId() + "&actor=admin&action=REVERSE_RATINGS").then().statusCode(200)
                .body("entries.size()", equalTo(1));
        get(as(mod), "/api/admin/audit?since=yesterday").then().statusCode(400).body("error", equalTo("BAD_TIME"));
        get(as(mod), "/api/admin/audit?limit=501").then().statusCode(400).body("error", equalTo("BAD_LIMIT"));
        get(as(mod), "/api/admin/audit?action=NOT_AN_ACTION").then().statusCode(400).body("error", equalTo("BAD_ACTION"));

        JsonPath status = get(as(mod), "/api/admin/status").then().statusCode(200).extract().jsonPath();
        assertThat(status.getString("service")).isEqualTo("rating-service");
        assertThat(status.getString("version")).isNotBlank();
        assertThat(status.getString("instance")).isNotBlank();
        // The relay publishes what the annulment wrote: the backlog drains to zero.
        await().atMost(DEADLINE).until(() -> get(as(mod), "/api/admin/status").jsonPath().getLong("outboxBacklog") == 0);
    }
}

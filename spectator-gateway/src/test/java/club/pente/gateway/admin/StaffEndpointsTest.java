package club.pente.gateway.admin;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEnded;
import club.pente.gateway.support.GatewayTestResource;
import club.pente.gateway.support.Guests;
import club.pente.gateway.support.TestGames;
import club.pente.gateway.support.TestSocket;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.StackTest;
import club.pente.testinfra.StreamPublisher;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.StreamSupport;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The gateway's staff endpoints on the real stack (the packaged game service behind it, real Kafka and Keycloak;
 * matchmaking and rating do not run here, GatewayTestResource points them at a port nobody listens on): the
 * gateway's own fence on every staff path, the merged audit, the live list with spectators, and the operations page.
 */
@QuarkusTest
@QuarkusTestResource(value = GatewayTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class StaffEndpointsTest {
    private static final String ORIGIN = "http://localhost:8080";
    private static TestGames games;
    private static String modToken;
    private static String adminToken;

    @TestHTTPResource("/")
    URI root;

    @BeforeAll
    static void setUp() {
        games = new TestGames();
        modToken = DemoTokens.accessToken("mod", "mod");
        adminToken = DemoTokens.accessToken("admin", "admin");
    }

    @AfterAll
    static void tearDown() throws Exception {
        games.close();
    }

    private record Call(String method, String path, String body) {
        Response send(String token) {
            RequestSpecification request = given().contentType(ContentType.JSON);
            if (token != null) {
                request.header("Authorization", "Bearer " + token);
            }
            if (body != null) {
                request.body(body);
            }
            return request.request(method, path);
        }
    }

    private static List<Call> staffCalls(String gameId, String playerId) {
        String reason = "{\"reason\":\"test\"}";
        return List.of(
                new Call("GET", "/api/admin/audit", null),
                new Call("GET", "/api/admin/operations", null),
                new Call("GET", "/api/admin/games", null),
                new Call("POST", "/api/admin/games/" + gameId + "/abort", reason),
                new Call("POST", "/api/admin/games/" + gameId + "/annul", reason),
                new Call("POST", "/api/admin/players/" + playerId + "/suspension", "{\"reason\":\"test\",\"minutes\":5}"),
                new Call("DELETE", "/api/admin/players/" + playerId + "/suspension", reason),
                new Call("POST", "/api/admin/players/" + playerId + "/mute", "{\"reason\":\"test\",\"minutes\":5}"),
                new Call("DELETE", "/api/admin/players/" + playerId + "/mute", reason),
                new Call("GET", "/api/admin/players/" + playerId + "/sanctions", null),
                new Call("GET", "/api/admin/players?q=ali", null));
    }

    private static String error(Response response) {
        return response.jsonPath().getString("error");
    }

    @Test
    void everyStaffPathRefusesStrangersPlayersAndGuestsAtTheGatewayItself() {
        String gameId = games.newGame();
        String guest = Guests.create("Gus").token();
        for (Call call : staffCalls(gameId, games.alice.id())) {
            String what = call.method() + " " + call.path();
            Response none = call.send(null);
            assertThat(none.statusCode()).as(what).isEqualTo(401);
            assertThat(error(none)).as(what).isEqualTo("UNAUTHENTICATED");
            assertThat(call.send("not.a.token").statusCode()).as(what + " forged").isEqualTo(401);
            // Matchmaking and rating do not run here: a 403 with the gateway's body can only come from the gateway.
            for (String token : List.of(games.aliceToken, guest)) {
                Response refused = call.send(token);
                assertThat(refused.statusCode()).as(what).isEqualTo(403);
                assertThat(error(refused)).as(what).isEqualTo("STAFF_ONLY");
            }
        }
        // A moderator is refused what only admins may do, before anything is forwarded ...
        for (Call call : List.of(new Call("GET", "/api/admin/operations", null),
                new Call("POST", "/api/admin/games/" + gameId + "/annul", "{\"reason\":\"test\"}"))) {
            Response refused = call.send(modToken);
            assertThat(refused.statusCode()).as(call.path()).isEqualTo(403);
            assertThat(error(refused)).as(call.path()).isEqualTo("ADMIN_ONLY");
        }
        // ... and passes the fence for the rest: matchmaking is then asked, and does not answer here.
        Response forwarded = new Call("POST", "/api/admin/players/" + games.alice.id() + "/suspension",
                "{\"reason\":\"test\",\"minutes\":5}").send(modToken);
        assertThat(forwarded.statusCode()).isEqualTo(503);
        assertThat(error(forwarded)).isEqualTo("SERVICE_UNAVAILABLE");
        // The sanctions a player reads about themselves are not a staff path: forwarded for anyone.
        assertThat(new Call("GET", "/api/matchmaking/sanctions/me", null).send(games.aliceToken).statusCode()).isEqualTo(503);
        // Nothing that was refused changed the game: still live, no end on its stream.
        assertThat(given().get("/api/games/" + gameId).then().statusCode(200).extract().jsonPath().getString("status"))
                .isEqualTo("ONGOING");
        assertThat(games.streams.events(gameId)).noneMatch(event -> event instanceof GameEnded);
    }

    @Test
    void aBadAuditQueryIsRefusedHereWithTheServicesCode() {
        for (Map.Entry<String, String> bad : Map.of("action=NOPE", "BAD_ACTION", "since=yesterday", "BAD_TIME", "limit=0",
                "BAD_LIMIT", "game=" + "g".repeat(65), "BAD_GAME_ID").entrySet()) {
            Response response = given().header("Authorization", "Bearer " + modToken).get("/api/admin/audit?" + bad.getKey());
            assertThat(response.statusCode()).as(bad.getKey()).isEqualTo(400);
            assertThat(error(response)).as(bad.getKey()).isEqualTo(bad.getValue());
        }
    }

    private static JsonNode audit(String query) {
        return given().header("Authorization", "Bearer " + modToken).get("/api/admin/audit" + query)
                .then().statusCode(200).extract().as(JsonNode.class);
    }

    private static void abort(String gameId, String reason) {
        given().header("Authorization", "Bearer " + modToken).contentType(ContentType.JSON)
                .body("{\"reason\":\"" + reason + "\"}").post("/api/admin/games/" + gameId + "/abort").then().statusCode(202);
    }

    @Test
    void theAuditMergesTheServicesAnswersNewestFirstAndNamesTheOnesThatDidNotAnswer() {
        String first = games.newGame();
        String second = games.newGame();
        abort(first, "first abort");
        games.streams.await(first, GameEnded.class, e -> true);
        abort(second, "second abort");
        games.streams.await(second, GameEnded.class, e -> true);

        JsonNode both = await().atMost(Duration.ofSeconds(20)).until(() -> audit("?action=ABORT_GAME&actor=mod&limit=500"),
                answer -> ids(answer).containsAll(List.of(first, second)));
        // Matchmaking and rating are down: named so, and the answer is still a 200 with the game service's entries.
        assertThat(both.path("services").path("game-service").asText()).isEqualTo("ok");
        assertThat(both.path("services").path("matchmaking-service").asText()).isEqualTo("unavailable");
        assertThat(both.path("services").path("rating-service").asText()).isEqualTo("unavailable");
        List<String> order = ids(both);
        assertThat(order.indexOf(second)).isLessThan(order.indexOf(first));
        List<String> times = new ArrayList<>();
        both.path("entries").forEach(entry -> times.add(entry.path("occurredAt").asText()));
        assertThat(times).isSortedAccordingTo((a, b) -> java.time.Instant.parse(b).compareTo(java.time.Instant.parse(a)));
        JsonNode entry = both.path("entries").get(order.indexOf(first));
        assertThat(entry.path("actor").path("username").asText()).isEqualTo("mod");
        assertThat(entry.path("reason").asText()).isEqualTo("first abort");
        assertThat(entry.path("service").asText()).isEqualTo("game-service");

        // The limit is the gateway's too, and the filter reaches the services.
        JsonNode newest = audit("?action=ABORT_GAME&actor=mod&limit=1");
        assertThat(newest.path("entries")).hasSize(1);
        assertThat(ids(newest)).containsExactly(order.get(0));
        assertThat(ids(audit("?game=" + first))).containsOnly(first);
    }

    private static List<String> ids(JsonNode audit) {
        return StreamSupport.stream(audit.path("entries").spliterator(), false).map(e -> e.path("targetId").asText()).toList();
    }

    private String ws(String path) {
        return "ws://" + root.getHost() + ":" + root.getPort() + path;
    }

    private TestSocket watch(String gameId) {
        TestSocket socket = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN);
        socket.await("snapshot", m -> "snapshot".equals(m.path("type").asText()));
        return socket;
    }

    private static JsonNode adminGame(String gameId) {
        JsonNode list = given().header("Authorization", "Bearer " + modToken).get("/api/admin/games")
                .then().statusCode(200).extract().as(JsonNode.class);
        for (JsonNode game : list.path("games")) {
            if (gameId.equals(game.path("id").asText())) {
                return game;
            }
        }
        return null;
    }

    @Test
    void theStaffsLiveListCarriesEachGamesSpectators() {
        String watched = games.newGame();
        String unwatched = games.newGame();
        Guests.Guest carol = Guests.create("Carol");
        try (TestSocket anonymous = watch(watched); TestSocket spectator = watch(watched); TestSocket alice = watch(watched)) {
            spectator.send("{\"type\":\"auth\",\"token\":\"" + carol.token() + "\"}");
            spectator.await("welcome", m -> "welcome".equals(m.path("type").asText()));
            alice.send("{\"type\":\"auth\",\"token\":\"" + games.aliceToken + "\"}");
            alice.await("welcome", m -> "welcome".equals(m.path("type").asText()));
            // Two people watch (the anonymous one and Carol); Alice plays and is not counted.
            JsonNode game = await().atMost(Duration.ofSeconds(15)).until(() -> adminGame(watched),
                    g -> g != null && g.path("spectators").asInt(-1) == 2);
            assertThat(game.path("white").path("name").asText()).isEqualTo("alice");
            JsonNode other = adminGame(unwatched);
            assertThat(other).isNotNull();
            assertThat(other.path("spectators").isInt()).isTrue();
            assertThat(other.path("spectators").asInt()).isZero();
        }
    }

    private static JsonNode operations() {
        return given().header("Authorization", "Bearer " + adminToken).get("/api/admin/operations")
                .then().statusCode(200).extract().as(JsonNode.class);
    }

    private static JsonNode named(JsonNode array, String field, String value) {
        for (JsonNode row : array) {
            if (value.equals(row.path(field).asText())) {
                return row;
            }
        }
        return null;
    }

    @Test
    void operationsShowEachServicesHealthTheLagTheDeadLettersAndTheGateways() {
        String dlq = ConfigProvider.getConfig().getValue("pente.topic.commands-dlq", String.class);
        String events = ConfigProvider.getConfig().getValue("pente.topic.events", String.class);
        String gameId = games.newGame();
        String key = "dlq-" + UUID.randomUUID();
        String value = "{\"type\":\"PlayMove\",\"pad\":\"" + "x".repeat(3000) + "\"}";
        long before;
        try (TestSocket socket = watch(gameId)) {
            long started = System.nanoTime();
            JsonNode first = operations();
            System.out.printf("operations: first answer (Kafka read, not cached) in %d ms%n", (System.nanoTime() - started) / 1_000_000);
            JsonNode row = named(first.path("deadLetters"), "topic", dlq);
            assertThat(row).as("the commands dead-letter topic is listed").isNotNull();
            before = row.path("count").asLong();
            try (StreamPublisher publisher = new StreamPublisher(ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class))) {
                publisher.send(dlq, key, value, Map.of("pente-error", "test record"));
            }
            JsonNode page = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500)).until(
                    StaffEndpointsTest::operations, answer -> {
                        JsonNode dead = named(answer.path("deadLetters"), "topic", dlq);
                        JsonNode self = named(answer.path("gateways"), "self", "true");
                        return dead != null && dead.path("count").asLong() == before + 1 && named(dead.path("last"), "key", key) != null
                                && self != null && self.path("sockets").asInt() >= 1;
                    });
            JsonNode record = named(named(page.path("deadLetters"), "topic", dlq).path("last"), "key", key);
            assertThat(record.path("value").asText()).hasSize(2048).isEqualTo(value.substring(0, 2048));
            assertThat(record.path("truncated").asBoolean()).isTrue();
            assertThat(record.path("headers").path("pente-error").asText()).isEqualTo("test record");
            assertThat(record.path("timestamp").asText()).isNotEmpty();
            // The figures are Kafka's, cached: a refresh right away reads nothing new.
            JsonNode again = operations();
            assertThat(page.path("kafka").path("available").asBoolean()).isTrue();
            assertThat(again.path("kafka").path("readAt").asText()).isEqualTo(page.path("kafka").path("readAt").asText());

            JsonNode game = named(page.path("services"), "name", "game-service");
            assertThat(game.path("health").asText()).isEqualTo("UP");
            assertThat(game.path("checks")).isNotEmpty();
            assertThat(named(page.path("services"), "name", "matchmaking-service").path("health").asText()).isEqualTo("UNREACHABLE");
            assertThat(named(page.path("services"), "name", "matchmaking-service").path("status").asText()).isEqualTo("unavailable");
            JsonNode gateway = named(page.path("services"), "name", "spectator-gateway");
            assertThat(gateway.path("health").asText()).isEqualTo("UP");
            assertThat(gateway.path("instance").asText()).isNotEmpty();
            JsonNode self = named(page.path("gateways"), "self", "true");
            assertThat(self.path("instance").asText()).isEqualTo(gateway.path("instance").asText());
            assertThat(self.path("games").asInt()).isGreaterThanOrEqualTo(1);
            assertThat(self.path("lobbySockets").isInt()).isTrue();
            System.out.printf("operations: %d consumer groups listed (%d omitted), %d dead-letter topics, Kafka read in %d ms%n",
                    page.path("consumerGroups").size(), page.path("kafka").path("groupsOmitted").asInt(), page.path("deadLetters").size(),
                    page.path("kafka").path("readMillis").asLong());
            // This gateway's own consumer group reads the game events (a member, so never among the omitted): its lag per topic.
            boolean gatewayGroup = false;
            for (JsonNode group : page.path("consumerGroups")) {
                assertThat(group.path("group").asText()).startsWith("pente-");
                assertThat(group.path("lag").asLong()).isGreaterThanOrEqualTo(0);
                gatewayGroup |= group.path("group").asText().startsWith("pente-gateway-") && group.path("topics").has(events)
                        && group.path("members").asInt() >= 1;
            }
            assertThat(gatewayGroup).as("a gateway group on " + events).isTrue();
        }
    }
}

package club.pente.ai;

import club.pente.ai.application.AnalysisPool;
import club.pente.ai.support.AiServiceTestResource;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.GameStreams;
import club.pente.testinfra.StackTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

/**
 * The endpoints of issue 17 on the real game service: GET /api/ai/levels, POST /api/ai/review and the hints
 * (GET and POST /api/ai/hints/{gameId}). The test profile reviews within 3 s in all and gives three analyses a
 * minute per caller; the game service here allows {@value AiServiceTestResource#HINTS_PER_GAME} hints per game.
 * Every test uses fresh guests, so that quotas do not spill from one test into another.
 */
@QuarkusTest
@QuarkusTestResource(value = AiServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class HintsReviewLevelsTest {
    /** White makes five on the K file at ply 9; black plays far away. */
    private static final String SHORT_WIN = "K10 A1 K14 A3 K13 A5 K12 A7 K11";
    private static GameStreams streams;

    @Inject
    AnalysisPool pool;

    @BeforeAll
    static void open() {
        streams = GameStreams.of(ConfigProvider.getConfig());
    }

    @AfterAll
    static void close() throws Exception {
        streams.close();
    }

    private static RequestSpecification as(String token) {
        return given().auth().oauth2(token).contentType(ContentType.JSON);
    }

    @Test
    void theLevelsAreTheEnginesMeasuredFileAsIsOrA503() throws Exception {
        Response answer = given().get("/api/ai/levels");
        try (InputStream file = getClass().getClassLoader().getResourceAsStream("club/pente/ai/engine/levels.json")) {
            if (file == null) {
                assertThat(answer.statusCode()).isEqualTo(503);
                assertThat(answer.jsonPath().getString("error")).isEqualTo("LEVELS_UNKNOWN");
            } else {
                assertThat(answer.statusCode()).isEqualTo(200);
                ObjectMapper json = new ObjectMapper();
                assertThat(json.readTree(answer.asString())).isEqualTo(json.readTree(file));
            }
        }
    }

    @Test
    void aReviewOfAShortGameJudgesEveryMoveWithinTheTotalTime() throws Exception {
        long start = System.nanoTime();
        Response answer = as(DemoTokens.guestToken("reviewer")).body("{\"moves\":\"" + SHORT_WIN + "\",\"level\":6}").post("/api/ai/review");
        long wall = (System.nanoTime() - start) / 1_000_000;
        assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(200);
        JsonNode review = new ObjectMapper().readTree(answer.asString());
        assertThat(review.path("level").asInt()).isEqualTo(6);
        // 9 plies, 10 positions, 3 s in all (planned: three quarters of it): at most 225 ms a ply, the answer well within the total.
        assertThat(review.path("millisPerPly").asLong()).isBetween(1L, 225L);
        assertThat(wall).as("answer time").isLessThan(3_000 + 3_000);
        JsonNode moves = review.path("moves");
        assertThat(moves.size()).isEqualTo(9);
        List<String> played = List.of(SHORT_WIN.split(" "));
        for (int i = 0; i < moves.size(); i++) {
            JsonNode move = moves.get(i);
            assertThat(move.path("ply").asInt()).isEqualTo(i + 1);
            assertThat(move.path("move").asText()).isEqualTo(played.get(i));
            assertThat(move.path("color").asText()).isEqualTo(i % 2 == 0 ? "WHITE" : "BLACK");
            assertThat(move.path("evalWhite").isInt()).isTrue();
            assertThat(move.path("evalWhite").asInt()).isBetween(-5000, 5000);
            assertThat(move.path("winChanceWhite").asDouble()).isBetween(0.0, 1.0);
            assertThat(move.path("best").asText()).matches("[A-HJ-T]([1-9]|1[0-9])");
            assertThat(move.path("line").isArray()).isTrue();
            assertThat(move.path("class").asText()).isIn("BEST", "GOOD", "INACCURACY", "MISTAKE", "BLUNDER", "FORCED");
            assertThat(move.path("winAvailable").isBoolean()).isTrue();
            assertThat(move.path("missedWin").isBoolean()).isTrue();
        }
        // The five is a win: the last move leaves White at +5000, a certain win.
        assertThat(moves.get(8).path("evalWhite").asInt()).isEqualTo(5000);
        assertThat(moves.get(8).path("winChanceWhite").asDouble()).isEqualTo(1.0);
        for (String color : List.of("WHITE", "BLACK")) {
            JsonNode summary = review.path("summary").path(color);
            for (String field : List.of("inaccuracies", "mistakes", "blunders", "missedWins", "accuracy")) {
                assertThat(summary.has(field)).as(color + "." + field).isTrue();
            }
        }
        assertThat(review.has("firstWin")).isTrue();
    }

    @Test
    void aReviewFollowsTheGamesVariant() throws Exception {
        // Legal in Gomoku only (no tournament rule: White's second stone next to the centre).
        Response answer = as(DemoTokens.guestToken("gomoku-reviewer"))
                .body("{\"moves\":\"K10 L11 K11 L12\",\"level\":5,\"variant\":\"gomoku\"}").post("/api/ai/review");
        assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(200);
        JsonNode review = new ObjectMapper().readTree(answer.asString());
        assertThat(review.path("moves").size()).isEqualTo(4);
    }

    @Test
    void reviewsRefuseBadInputAndAreHeldToTheCallersQuotas() {
        String guest = DemoTokens.guestToken("careless");
        Map<String, String> cases = Map.of(
                "{\"moves\":\"K10\",\"timeMs\":60000}", "UNKNOWN_FIELD",
                "{\"moves\":\"K10\",\"level\":4}", "BAD_LEVEL",
                "{\"moves\":\"K10\",\"level\":9}", "BAD_LEVEL",
                "{\"moves\":\"\"}", "MISSING_MOVES",
                "{\"moves\":\"" + "K10 ".repeat(501) + "\"}", "TOO_MANY_MOVES",
                "{\"moves\":\"K10 K10\"}", "ILLEGAL_POSITION",
                "{\"moves\":\"" + SHORT_WIN + " L11\"}", "ILLEGAL_POSITION",
                "{\"moves\":", "MALFORMED_JSON",
                "{\"moves\":\"K10\",\"variant\":\"chess\"}", "BAD_VARIANT",
                "{\"moves\":\"K10 L11 K11\"}", "ILLEGAL_POSITION");
        cases.forEach((json, error) -> as(guest).body(json).post("/api/ai/review").then().statusCode(400).body("error", equalTo(error)));
        given().contentType(ContentType.JSON).body("{\"moves\":\"K10\"}").post("/api/ai/review").then().statusCode(401);
        as(DemoTokens.serviceToken()).body("{\"moves\":\"K10\"}").post("/api/ai/review").then().statusCode(403);

        // One at a time per caller, as for analyses; none of the refusals above counted.
        String eager = DemoTokens.guestToken("eager-reviewer");
        CompletableFuture<Response> first = CompletableFuture.supplyAsync(() ->
                as(eager).body("{\"moves\":\"K10 L11 N10 L9 N13 J10 M10 O10 L10 J12 N12\"}").post("/api/ai/review"));
        await().atMost(Duration.ofSeconds(20)).until(() -> pool.running() == 1);
        Response second = as(eager).body("{\"moves\":\"K10\"}").post("/api/ai/review");
        assertThat(second.statusCode()).isEqualTo(429);
        assertThat(second.jsonPath().getString("error")).isEqualTo("TOO_MANY_ANALYSES");
        assertThat(second.header("Retry-After")).isEqualTo("1");
        assertThat(first.join().statusCode()).isEqualTo(200);
    }

    @Test
    void hintsInACasualGameAgainstTheComputerAreCountedByTheGameServiceAndSurviveItsRestart() throws Exception {
        DemoTokens.GuestToken player = DemoTokens.guest("hinted");
        String playerId = DemoTokens.claims(player.token()).get("sub").asText();
        String gameId = "vs-ai-hints-" + UUID.randomUUID();
        streams.send(CreateGame.of(gameId, new PlayerRef(playerId, "hinted"), PlayerRef.computer(1), false, TimeControl.UNTIMED));
        streams.await(gameId, GameStarted.class, e -> true);
        String path = "/api/ai/hints/{gameId}";

        as(player.token()).get(path, gameId).then().statusCode(200)
                .body("allowed", equalTo(true)).body("hintsLeft", equalTo(2)).body("hintsPerGame", equalTo(2));
        // The first move of a game is the centre's: the engine says so.
        as(player.token()).post(path, gameId).then().statusCode(200)
                .body("ply", equalTo(0)).body("move", equalTo("K10")).body("line[0]", equalTo("K10"))
                .body("hintsUsed", equalTo(1)).body("hintsLeft", equalTo(1)).body("hintsPerGame", equalTo(2));
        // Somebody else, and a service account, get nothing of this game's hints.
        as(DemoTokens.guestToken("nosy")).post(path, gameId).then().statusCode(403).body("error", equalTo("NOT_A_PLAYER"));
        as(DemoTokens.serviceToken()).post(path, gameId).then().statusCode(403);
        given().post(path, gameId).then().statusCode(401);
        as(player.token()).post(path, "bad id").then().statusCode(400);

        streams.send(PlayMove.of(gameId, playerId, 1, "K10"));
        MovePlayed answer = streams.await(gameId, MovePlayed.class, m -> m.ply() == 2, Duration.ofSeconds(30)); // the computer's answer
        as(player.token()).post(path, gameId).then().statusCode(200)
                .body("ply", equalTo(2)).body("hintsUsed", equalTo(2)).body("hintsLeft", equalTo(0));
        // Asked again at the same ply (a retry after a failure, a second tab) the hint is free, even the last one.
        as(player.token()).post(path, gameId).then().statusCode(200)
                .body("ply", equalTo(2)).body("hintsUsed", equalTo(2)).body("hintsLeft", equalTo(0));

        // The count is the game service's, in PostgreSQL: a new process of it still knows, and the ply of the last one.
        AiServiceTestResource.restartGameService();
        as(player.token()).get(path, gameId).then().statusCode(200)
                .body("allowed", equalTo(true)).body("hintsUsed", equalTo(2)).body("hintsLeft", equalTo(0));
        streams.send(PlayMove.of(gameId, playerId, 3, "K14".equals(answer.point()) ? "O10" : "K14")); // 3 from the centre
        streams.await(gameId, MovePlayed.class, m -> m.ply() == 4, Duration.ofSeconds(30));
        as(player.token()).post(path, gameId).then().statusCode(429).body("error", equalTo("NO_HINTS_LEFT"))
                .header("Retry-After", nullValue());
        as(player.token()).get(path, gameId).then().statusCode(200)
                .body("allowed", equalTo(false)).body("reason", equalTo("NO_HINTS_LEFT")).body("hintsUsed", equalTo(2));
    }

    @Test
    void noHintsInAGameBetweenPeople() {
        DemoTokens.GuestToken white = DemoTokens.guest("casual-white");
        DemoTokens.GuestToken black = DemoTokens.guest("casual-black");
        String gameId = "people-" + UUID.randomUUID();
        streams.send(CreateGame.of(gameId, new PlayerRef(DemoTokens.claims(white.token()).get("sub").asText(), "w"),
                new PlayerRef(DemoTokens.claims(black.token()).get("sub").asText(), "b"), false, TimeControl.UNTIMED));
        streams.await(gameId, GameStarted.class, e -> true);
        as(white.token()).post("/api/ai/hints/{gameId}", gameId).then().statusCode(403).body("error", equalTo("HINTS_NOT_ALLOWED"));
        as(white.token()).get("/api/ai/hints/{gameId}", gameId).then().statusCode(200)
                .body("allowed", equalTo(false)).body("reason", equalTo("HINTS_NOT_ALLOWED"));
        as(white.token()).post("/api/ai/hints/{gameId}", "no-such-" + UUID.randomUUID()).then().statusCode(404);
    }
}

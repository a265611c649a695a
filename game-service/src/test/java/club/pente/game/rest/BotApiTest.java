package club.pente.game.rest;

import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.EndReason;
import club.pente.game.support.GameServiceTestResource;
import club.pente.testinfra.GameStreams;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;

/** The REST side: reads for anyone, moves and resignation for a player holding a real Keycloak token. */
@QuarkusTest
@QuarkusTestResource(value = GameServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class BotApiTest {
    private static GameStreams streams;
    private static String aliceToken;
    private static String bobToken;
    private static String adminToken;
    private static PlayerRef alice;
    private static PlayerRef bob;

    @BeforeAll
    static void setUp() {
        var config = ConfigProvider.getConfig();
        streams = GameStreams.of(config);
        aliceToken = DemoTokens.accessToken("alice", "alice");
        bobToken = DemoTokens.accessToken("bob", "bob");
        adminToken = DemoTokens.accessToken("admin", "admin");
        alice = new PlayerRef(DemoTokens.claims(aliceToken).get("sub").asText(), "alice");
        bob = new PlayerRef(DemoTokens.claims(bobToken).get("sub").asText(), "bob");
    }

    @AfterAll
    static void tearDown() throws Exception {
        streams.close();
    }

    private static String newGame() {
        String gameId = UUID.randomUUID().toString();
        CreateGame create = CreateGame.of(gameId, alice, bob, true, TimeControl.UNTIMED);
        streams.send(create);
        streams.await(gameId, GameStarted.class, started -> true);
        return gameId;
    }

    private static io.restassured.specification.RequestSpecification as(String token) {
        return given().auth().oauth2(token).contentType(ContentType.JSON);
    }

    @Test
    void aPlayerPlaysAndIsToldWhatHappened() {
        String gameId = newGame();
        as(aliceToken).body("{\"point\":\"K10\"}").post("/api/games/{id}/moves", gameId).then()
                .statusCode(200)
                .body("outcome", equalTo("APPLIED"))
                .body("version", equalTo(2))
                .body("event.type", equalTo("MovePlayed"))
                .body("event.point", equalTo("K10"))
                .body("event.playerId", equalTo(alice.id()));
        as(bobToken).body("{\"point\":\"l11\",\"expectedPly\":2,\"commandId\":\"bob-move-" + gameId + "\"}")
                .post("/api/games/{id}/moves", gameId).then().statusCode(200).body("event.point", equalTo("L11"));
        // The same command id again: answered from the log, not played twice.
        as(bobToken).body("{\"point\":\"M12\",\"expectedPly\":2,\"commandId\":\"bob-move-" + gameId + "\"}")
                .post("/api/games/{id}/moves", gameId).then().statusCode(200).body("message", containsString("already applied as ply 2"));
        given().get("/api/games/{id}", gameId).then().statusCode(200)
                .body("ply", equalTo(2))
                .body("toMove", equalTo("WHITE"))
                .body("moves.point", equalTo(java.util.List.of("K10", "L11")))
                .body("white.id", equalTo(alice.id()));
    }

    @Test
    void badRequestsGetPreciseErrorsAndChangeNothing() {
        String gameId = newGame();
        as(aliceToken).body("{\"point\":").post("/api/games/{id}/moves", gameId).then()
                .statusCode(400).body("error", equalTo("MALFORMED_JSON")).body("message", notNullValue());
        as(aliceToken).body("{}").post("/api/games/{id}/moves", gameId).then().statusCode(400).body("error", equalTo("MISSING_POINT"));
        as(aliceToken).body("{\"point\":\"I5\"}").post("/api/games/{id}/moves", gameId).then()
                .statusCode(400).body("message", containsString("no column I"));
        as(aliceToken).body("{\"point\":\"K10\"}").post("/api/games/{id}/moves", "no-such-game").then()
                .statusCode(404).body("error", equalTo("UNKNOWN_GAME"));
        as(adminToken).body("{\"point\":\"K10\"}").post("/api/games/{id}/moves", gameId).then()
                .statusCode(403).body("error", equalTo("NOT_A_PLAYER"));
        as(bobToken).body("{\"point\":\"K10\"}").post("/api/games/{id}/moves", gameId).then()
                .statusCode(409).body("reason", equalTo("NOT_YOUR_TURN"));
        as(aliceToken).body("{\"point\":\"K10\",\"expectedPly\":3}").post("/api/games/{id}/moves", gameId).then()
                .statusCode(409).body("reason", equalTo("STALE_PLY"));
        as(aliceToken).body("{\"point\":\"A1\"}").post("/api/games/{id}/moves", gameId).then()
                .statusCode(422).body("reason", equalTo("FIRST_MOVE_NOT_CENTRE"));
        given().get("/api/games/{id}", gameId).then().body("ply", equalTo(0)).body("version", equalTo(1));
    }

    @Test
    void hostileIdsAndTextsAreRefusedBeforeTheyReachTheDatabase() {
        String gameId = newGame();
        given().get("/api/games/{id}", "bad\u0000id").then().statusCode(400).body("error", equalTo("BAD_ID"));
        given().urlEncodingEnabled(false).get("/api/games/%00").then().statusCode(400).body("error", equalTo("BAD_ID"));
        given().get("/api/games/{id}/record", "x".repeat(65)).then().statusCode(400).body("error", equalTo("BAD_ID"));
        as(aliceToken).body("{\"point\":\"K10\",\"commandId\":\"" + "c".repeat(65) + "\"}").post("/api/games/{id}/moves", gameId)
                .then().statusCode(400).body("error", equalTo("BAD_COMMAND_ID"));
        as(aliceToken).body("{\"point\":\"K10\",\"commandId\":\"a\\u0000b\"}").post("/api/games/{id}/moves", gameId)
                .then().statusCode(400).body("error", equalTo("BAD_COMMAND_ID"));
        as(aliceToken).body("{\"point\":\"K10\",\"commandId\":7}").post("/api/games/{id}/moves", gameId)
                .then().statusCode(400);
        as(adminToken).body("{\"reason\":\"" + "r".repeat(501) + "\"}").post("/api/games/{id}/abort", gameId)
                .then().statusCode(400).body("error", equalTo("BAD_REASON"));
        as(aliceToken).body("{\"point\":\"K10\"}").post("/api/games/{id}/moves", gameId).then().statusCode(200);
        given().get("/api/games/{id}", gameId).then().body("ply", equalTo(1)).body("status", equalTo("ONGOING"));
    }

    @Test
    void aRequestWithoutHostOrInAnUnknownHttpVersionIsABadRequest() throws Exception {
        int port = ConfigProvider.getConfig().getValue("quarkus.http.test-port", Integer.class);
        for (String request : java.util.List.of("GET /api/games HTTP/1.0\r\n\r\n", "GET /api/games HTTP/9.9\r\nHost: x\r\n\r\n")) {
            try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
                socket.setSoTimeout(10_000);
                socket.getOutputStream().write(request.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                String statusLine = new String(socket.getInputStream().readNBytes(12), java.nio.charset.StandardCharsets.US_ASCII);
                assertThat(statusLine).as(request).endsWith(" 400");
            }
        }
    }

    @Test
    void aCommandIdCountsOnlyForTheGameAndThePlayerWhoSentIt() {
        String gameId = newGame();
        String shared = "move-" + UUID.randomUUID();
        as(aliceToken).body("{\"point\":\"K10\",\"commandId\":\"" + shared + "\"}").post("/api/games/{id}/moves", gameId)
                .then().statusCode(200).body("event.point", equalTo("K10"));
        // Bob reuses Alice's id: he learns nothing of her move, and his own move is played as his.
        as(bobToken).body("{\"point\":\"L11\",\"commandId\":\"" + shared + "\"}").post("/api/games/{id}/moves", gameId)
                .then().statusCode(200)
                .body("outcome", equalTo("APPLIED"))
                .body("event.point", equalTo("L11"))
                .body("event.playerId", equalTo(bob.id()));
        // The same id in another game is another command too.
        String other = newGame();
        as(aliceToken).body("{\"point\":\"K10\",\"commandId\":\"" + shared + "\"}").post("/api/games/{id}/moves", other)
                .then().statusCode(200).body("event.point", equalTo("K10")).body("version", equalTo(2));
        given().get("/api/games/{id}", gameId).then().body("moves.point", equalTo(java.util.List.of("K10", "L11")));
    }

    @Test
    void missingOrForgedTokensAreRefused() {
        String gameId = newGame();
        given().contentType(ContentType.JSON).body("{\"point\":\"K10\"}").post("/api/games/{id}/moves", gameId).then().statusCode(401);
        String[] parts = aliceToken.split("\\.");
        String forgedSignature = parts[0] + "." + parts[1] + "." + new StringBuilder(parts[2]).reverse();
        as(forgedSignature).body("{\"point\":\"K10\"}").post("/api/games/{id}/moves", gameId).then().statusCode(401);
        // A payload rewritten to claim Bob's identity no longer matches Alice's signature.
        String bobPayload = bobToken.split("\\.")[1];
        as(parts[0] + "." + bobPayload + "." + parts[2]).body("{\"point\":\"K10\"}").post("/api/games/{id}/resign", gameId).then().statusCode(401);
        given().get("/api/games/{id}", gameId).then().body("version", equalTo(1)).body("status", equalTo("ONGOING"));
    }

    @Test
    void resignationAndAdminAbort() {
        String gameId = newGame();
        as(bobToken).post("/api/games/{id}/resign", gameId).then().statusCode(200)
                .body("event.type", equalTo("GameEnded"))
                .body("event.result", equalTo("WHITE_WINS"))
                .body("event.reason", equalTo("RESIGNATION"));
        as(aliceToken).post("/api/games/{id}/resign", gameId).then().statusCode(409).body("reason", equalTo("GAME_OVER"));

        String other = newGame();
        as(aliceToken).body("{\"reason\":\"I want out\"}").post("/api/games/{id}/abort", other).then().statusCode(403);
        as(adminToken).body("{\"reason\":\"server maintenance\"}").post("/api/games/{id}/abort", other).then().statusCode(200)
                .body("event.reason", equalTo("ABORTED"));
        GameEnded ended = streams.await(other, GameEnded.class, e -> true);
        assertThat(ended.reason()).isEqualTo(EndReason.ABORTED);
    }

    @Test
    void listsRecordsAndPlatformEndpoints() {
        String gameId = newGame();
        given().get("/api/games?status=live").then().statusCode(200).body("id", hasItem(gameId));
        given().get("/api/games?status=sideways").then().statusCode(400).body("error", equalTo("BAD_STATUS"));
        given().get("/api/games/{id}/record", "nope").then().statusCode(404);
        given().get("/api/games/{id}/record", gameId).then().statusCode(200)
                .body(containsString("[White \"alice\"]")).body(containsString("[Result \"ONGOING\"]"));
        given().port(club.pente.testinfra.ManagementInterface.testPort()).get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().port(club.pente.testinfra.ManagementInterface.testPort()).get("/q/openapi?format=json").then().statusCode(200).body(containsString("/api/games/{id}/moves"));
        given().port(club.pente.testinfra.ManagementInterface.testPort()).get("/q/metrics").then().statusCode(200).body(containsString("pente_game_command_batch_seconds"));
    }
}

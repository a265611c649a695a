package club.pente.ai;

import club.pente.ai.application.AnalysisPool;
import club.pente.ai.support.AiServiceTestResource;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.GameStreams;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

/**
 * POST /api/ai/analysis as an attacker would use it: without a token, with the wrong token, too often,
 * too many at once, asking for too long. The test profile has one analysis thread, a queue of one, three
 * analyses per caller and minute and a {@code max-think} of 4 s. Each test uses fresh guests, so that the
 * quotas of one test do not spill into another.
 */
@QuarkusTest
@QuarkusTestResource(value = AiServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class AnalysisLimitsTest {
    private static final String PATH = "/api/ai/analysis";
    /** An open middle game: no forced win, so a level-8 search uses its whole time. */
    private static final String OPEN = "K10 L11 N10 L9 N13 J10";
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

    private static Response analyse(String token, String body) {
        var request = given().contentType(ContentType.JSON).body(body);
        if (token != null) {
            request.auth().oauth2(token);
        }
        return request.post(PATH);
    }

    private static String body(String moves, int level, int timeMs) {
        return "{\"moves\":\"" + moves + "\",\"level\":" + level + ",\"timeMs\":" + timeMs + "}";
    }

    private static CompletableFuture<Response> analyseLater(String token, String body) {
        return CompletableFuture.supplyAsync(() -> analyse(token, body));
    }

    @Test
    void withoutAVerifiedPlayerOrGuestTokenNothingIsSearched() throws Exception {
        String quick = body("K10", 1, 20);
        analyse(null, quick).then().statusCode(401).header("WWW-Authenticate", "Bearer").body("error", equalTo("UNAUTHENTICATED"));
        analyse("not-a-jwt", quick).then().statusCode(401).body("error", equalTo("UNAUTHENTICATED"));
        // Guest claims signed with a key nobody trusts, and a guest token that claims an account's subject.
        KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
        rsa.initialize(2048);
        Map<String, Object> claims = DemoTokens.guestClaims("mallory", Instant.now(), Duration.ofHours(1));
        analyse(DemoTokens.signGuest(claims, rsa.generateKeyPair().getPrivate()), quick).then().statusCode(401);
        Map<String, Object> posing = DemoTokens.guestClaims("mallory", Instant.now(), Duration.ofHours(1));
        posing.put("sub", UUID.randomUUID().toString());
        analyse(DemoTokens.signGuest(posing), quick).then().statusCode(401);
        // A service account is verified but is no player: 403.
        analyse(DemoTokens.serviceToken(), quick).then().statusCode(403).body("error", equalTo("FORBIDDEN"));
        assertThat(pool.running() + pool.queued()).isZero();
        // A guest is welcome.
        analyse(DemoTokens.guestToken("welcome"), quick).then().statusCode(200).body("bestMove", notNullValue());
    }

    @Test
    void anIdTokenIsRefusedWhereTheAccessTokenIsAccepted() {
        DemoTokens.TokenResponse tokens = DemoTokens.passwordGrant(DemoTokens.WEB_CLIENT, "bob", "bob");
        assertThat(tokens.idToken()).as("scope openid gives an ID token").isNotBlank();
        assertThat(DemoTokens.claims(tokens.idToken()).path("aud").asText()).isEqualTo(DemoTokens.WEB_CLIENT);
        String quick = body("K10", 1, 20);
        analyse(tokens.idToken(), quick).then().statusCode(401).body("error", equalTo("UNAUTHENTICATED"));
        analyse(tokens.accessToken(), quick).then().statusCode(200).body("bestMove", notNullValue());
    }

    @Test
    void badRequestsAreRefusedPreciselyAndCostNothing() {
        String guest = DemoTokens.guestToken("sloppy");
        Map<String, String> cases = Map.of(
                "{\"moves\":\"K10\",\"depth\":40}", "UNKNOWN_FIELD",
                "{\"moves\":\"K10\",\"level\":0}", "BAD_LEVEL",
                "{\"moves\":\"K10\",\"timeMs\":600000}", "BAD_TIME",
                "{\"moves\":\"" + "K10 ".repeat(501) + "\"}", "TOO_MANY_MOVES",
                "{\"moves\":\"K10 \\u0000\"}", "BAD_MOVES",
                "{\"moves\":\"K10 K10\"}", "ILLEGAL_POSITION",
                "{\"moves\":", "MALFORMED_JSON",
                "[\"K10\"]", "BAD_REQUEST");
        cases.forEach((json, error) -> analyse(guest, json).then().statusCode(400).body("error", equalTo(error)));
        // None of them used the caller's three analyses of the minute.
        for (int i = 0; i < 3; i++) {
            analyse(guest, body("K10", 1, 20)).then().statusCode(200);
        }
    }

    @Test
    void oneAnalysisAtATimePerCallerAndSoManyAMinute() {
        String eager = DemoTokens.guestToken("eager");
        CompletableFuture<Response> first = analyseLater(eager, body(OPEN, 8, 3_000));
        await().atMost(Duration.ofSeconds(20)).until(() -> pool.running() == 1);
        Response second = analyse(eager, body("K10", 1, 20));
        assertThat(second.statusCode()).isEqualTo(429);
        assertThat(second.jsonPath().getString("error")).isEqualTo("TOO_MANY_ANALYSES");
        assertThat(second.header("Retry-After")).isEqualTo("1");
        assertThat(first.join().statusCode()).isEqualTo(200);

        // Three a minute: the first one counted, two more pass, the fourth waits for the first to leave the minute.
        analyse(eager, body("K10", 1, 20)).then().statusCode(200);
        analyse(eager, body("K10", 1, 20)).then().statusCode(200);
        Response fourth = analyse(eager, body("K10", 1, 20));
        assertThat(fourth.statusCode()).isEqualTo(429);
        assertThat(fourth.jsonPath().getString("error")).isEqualTo("ANALYSIS_QUOTA");
        assertThat(Integer.parseInt(fourth.header("Retry-After"))).isBetween(1, 60);
        // Another caller is not affected.
        analyse(DemoTokens.guestToken("patient"), body("K10", 1, 20)).then().statusCode(200);
    }

    @Test
    void beyondThePoolAndItsQueueA503WithRetryAfter() {
        CompletableFuture<Response> running = analyseLater(DemoTokens.guestToken("first"), body(OPEN, 8, 3_000));
        await().atMost(Duration.ofSeconds(20)).until(() -> pool.running() == 1);
        CompletableFuture<Response> queued = analyseLater(DemoTokens.guestToken("second"), body(OPEN, 8, 3_000));
        await().atMost(Duration.ofSeconds(20)).until(() -> pool.queued() == 1);
        String third = DemoTokens.guestToken("third");
        Response refused = analyse(third, body("K10", 1, 20));
        assertThat(refused.statusCode()).isEqualTo(503);
        assertThat(refused.jsonPath().getString("error")).isEqualTo("ANALYSIS_BUSY");
        assertThat(Integer.parseInt(refused.header("Retry-After"))).isPositive();
        assertThat(running.join().statusCode()).isEqualTo(200);
        assertThat(queued.join().statusCode()).isEqualTo(200);
        // The refused request did not count against its caller's minute.
        for (int i = 0; i < 3; i++) {
            analyse(third, body("K10", 1, 20)).then().statusCode(200);
        }
    }

    @Test
    void theServerCapsTheThinkingTimeWhateverTheRequestAsks() {
        long cap = pool.maxThink().toMillis();
        assertThat(cap).isEqualTo(4_000);
        long start = System.nanoTime();
        Response answer = analyse(DemoTokens.guestToken("greedy"), body(OPEN, 8, 10_000));
        long wall = (System.nanoTime() - start) / 1_000_000;
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.jsonPath().getLong("millis")).as("search time").isLessThanOrEqualTo(cap + 250);
        assertThat(wall).as("answer time").isLessThan(cap + 3_000);
    }

    @Test
    void computerGamesGetTheirMovesWhileAnalysesFillTheirPool() {
        PlayerRef computer = PlayerRef.computer(2);
        // First a game with the pool idle: once it has its opening move, the AI service is listening to the events.
        String warmUp = "vs-ai-idle-" + UUID.randomUUID();
        streams.send(CreateGame.of(warmUp, computer, new PlayerRef("guest:" + UUID.randomUUID(), "guest"), false, TimeControl.UNTIMED));
        streams.await(warmUp, MovePlayed.class, m -> m.ply() == 1, Duration.ofSeconds(60));

        CompletableFuture<Response> running = analyseLater(DemoTokens.guestToken("busy-1"), body(OPEN, 8, 4_000));
        await().atMost(Duration.ofSeconds(20)).until(() -> pool.running() == 1);
        CompletableFuture<Response> queued = analyseLater(DemoTokens.guestToken("busy-2"), body(OPEN, 8, 4_000));
        await().atMost(Duration.ofSeconds(20)).until(() -> pool.queued() == 1);

        String gameId = "vs-ai-busy-" + UUID.randomUUID();
        streams.send(CreateGame.of(gameId, computer, new PlayerRef("guest:" + UUID.randomUUID(), "guest"), false, TimeControl.UNTIMED));
        MovePlayed opening = streams.await(gameId, MovePlayed.class, m -> m.ply() == 1, Duration.ofSeconds(20));
        assertThat(opening.playerId()).isEqualTo(computer.id());
        // The move came while the analyses still held the pool: the queued one cannot have finished yet.
        assertThat(queued).as("the second analysis was still waiting or searching").isNotDone();
        assertThat(List.of(running.join().statusCode(), queued.join().statusCode())).containsExactly(200, 200);
    }
}

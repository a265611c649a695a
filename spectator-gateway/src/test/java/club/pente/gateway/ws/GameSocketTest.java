package club.pente.gateway.ws;

import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.gateway.support.GatewayTestResource;
import club.pente.gateway.support.Guests;
import club.pente.gateway.support.TestSocket;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.GameStreams;
import club.pente.testinfra.StackTest;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.stream.Stream;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

/** The gateway's sockets and streams against the real game service, Kafka and Keycloak. */
@QuarkusTest
@QuarkusTestResource(value = GatewayTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class GameSocketTest {
    private static final String ORIGIN = "http://localhost:8080";
    private static GameStreams streams;
    private static String aliceToken;
    private static String bobToken;
    private static PlayerRef alice;
    private static PlayerRef bob;

    @TestHTTPResource("/")
    URI root;

    @BeforeAll
    static void setUp() {
        streams = GameStreams.of(ConfigProvider.getConfig());
        aliceToken = DemoTokens.accessToken("alice", "alice");
        bobToken = DemoTokens.accessToken("bob", "bob");
        alice = new PlayerRef(DemoTokens.claims(aliceToken).get("sub").asText(), "alice");
        bob = new PlayerRef(DemoTokens.claims(bobToken).get("sub").asText(), "bob");
    }

    @AfterAll
    static void tearDown() throws Exception {
        streams.close();
    }

    private static String newGame() {
        String gameId = UUID.randomUUID().toString();
        streams.send(CreateGame.of(gameId, alice, bob, false, TimeControl.UNTIMED));
        streams.await(gameId, GameStarted.class, e -> true);
        return gameId;
    }

    private String ws(String path) {
        return "ws://" + root.getHost() + ":" + root.getPort() + path;
    }

    private static void play(String gameId, int ply, String point) {
        streams.send(PlayMove.of(gameId, (ply % 2 == 1 ? alice : bob).id(), ply, point));
        streams.await(gameId, MovePlayed.class, m -> m.ply() == ply);
    }

    private static boolean isEvent(JsonNode message, long version) {
        return message.path("type").asText().equals("event") && message.path("event").path("version").asLong() == version;
    }

    @Test
    void aSpectatorGetsTheSnapshotThenEveryEventInOrder() {
        String gameId = newGame();
        play(gameId, 1, "K10");
        try (TestSocket watcher = TestSocket.open(ws("/ws/games/" + gameId + "?viewer=v1"), ORIGIN)) {
            JsonNode snapshot = watcher.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
            assertThat(snapshot.path("game").path("version").asLong()).isEqualTo(2);
            assertThat(snapshot.path("game").path("board").get(9).asText()).isEqualTo(".........W.........");
            play(gameId, 2, "L11");
            play(gameId, 3, "N10");
            watcher.await("move 3", m -> isEvent(m, 4));
            assertThat(watcher.ofType("event")).extracting(m -> m.path("event").path("version").asLong()).containsExactly(3L, 4L);
            assertThat(watcher.ofType("event").get(1).path("event").path("point").asText()).isEqualTo("N10");
        }
    }

    @Test
    void aReconnectResumesAfterItsVersionOrGetsASnapshotWhenTheGapIsTooOld() {
        String gameId = newGame();
        long seen;
        try (TestSocket first = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
            seen = first.await("snapshot", m -> m.path("type").asText().equals("snapshot")).path("game").path("version").asLong();
        }
        play(gameId, 1, "K10");
        play(gameId, 2, "L11");
        try (TestSocket resumed = TestSocket.open(ws("/ws/games/" + gameId + "?v=" + seen), ORIGIN)) {
            resumed.await("resumed", m -> m.path("type").asText().equals("resumed"));
            resumed.await("ply 2", m -> isEvent(m, 3));
            assertThat(resumed.ofType("snapshot")).isEmpty();
            assertThat(resumed.ofType("event")).extracting(m -> m.path("event").path("version").asLong()).containsExactly(2L, 3L);
            // A player who resumed plays on: the gateway still knows who plays this game.
            resumed.send("{\"type\":\"auth\",\"token\":\"" + aliceToken + "\"}");
            assertThat(resumed.await("welcome", m -> m.path("type").asText().equals("welcome")).path("player").asBoolean()).isTrue();
            resumed.send("{\"type\":\"move\",\"point\":\"N10\",\"expectedPly\":3}");
            streams.await(gameId, MovePlayed.class, m -> m.ply() == 3 && m.playerId().equals(alice.id()));
        }
        // The test buffer keeps 4 events: after four more, version 3 is too old to resume from (once the
        // gateway has them: a watcher that saw the last one proves it, the test's own consumer does not).
        try (TestSocket watcher = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
            watcher.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
            play(gameId, 4, "L12");
            play(gameId, 5, "N12");
            play(gameId, 6, "L13");
            play(gameId, 7, "O14");
            watcher.await("ply 7", m -> isEvent(m, 8));
        }
        try (TestSocket late = TestSocket.open(ws("/ws/games/" + gameId + "?v=3"), ORIGIN)) {
            JsonNode snapshot = late.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
            assertThat(snapshot.path("game").path("version").asLong()).isEqualTo(8);
            assertThat(late.ofType("resumed")).isEmpty();
        }
    }

    @Test
    void aPlayerMovesOnTheSocketWithTheVerifiedIdentityAndRejectionsReachOnlyTheMover() {
        String gameId = newGame();
        try (TestSocket white = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN);
             TestSocket black = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN);
             TestSocket spectator = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
            white.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
            black.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
            spectator.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
            white.send("{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":1}");
            white.await("not signed in", m -> m.path("type").asText().equals("error"));

            white.send("{\"type\":\"auth\",\"token\":\"" + aliceToken + "\"}");
            assertThat(white.await("welcome", m -> m.path("type").asText().equals("welcome")).path("player").asBoolean()).isTrue();
            black.send("{\"type\":\"auth\",\"token\":\"" + bobToken + "\"}");
            black.await("welcome", m -> m.path("type").asText().equals("welcome"));

            // Bob claims to be Alice in the message: the gateway uses the token's identity, so it is Bob's move, out of turn.
            black.send("{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":1,\"playerId\":\"" + alice.id() + "\",\"commandId\":\"c-bob-" + gameId + "\"}");
            JsonNode rejected = black.await("rejection", m -> m.path("type").asText().equals("rejected"));
            assertThat(rejected.path("event").path("reason").asText()).isEqualTo("NOT_YOUR_TURN");
            assertThat(rejected.path("event").path("playerId").asText()).isEqualTo(bob.id());

            white.send("{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":1,\"commandId\":\"c-alice-" + gameId + "\"}");
            white.await("ack", m -> m.path("type").asText().equals("ack"));
            JsonNode played = spectator.await("alice's move", m -> isEvent(m, 2));
            assertThat(played.path("event").path("playerId").asText()).isEqualTo(alice.id());
            black.await("alice's move", m -> isEvent(m, 2));
            assertThat(white.ofType("rejected")).isEmpty();
            assertThat(spectator.ofType("rejected")).isEmpty();
        }
    }

    @Test
    void forgedTokensAndForeignOriginsAreRefused() {
        String gameId = newGame();
        String[] parts = aliceToken.split("\\.");
        String forged = parts[0] + "." + bobToken.split("\\.")[1] + "." + parts[2];
        try (TestSocket socket = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
            socket.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
            socket.send("{\"type\":\"auth\",\"token\":\"" + forged + "\"}");
            assertThat(socket.awaitClose()).isEqualTo(4401);
        }
        assertThatThrownBy(() -> TestSocket.open(ws("/ws/games/" + gameId), "http://evil.example"))
                .isInstanceOf(CompletionException.class).hasStackTraceContaining("status code 403");
        try (TestSocket flood = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
            for (int i = 0; i < 40; i++) {
                flood.send("{\"type\":\"ping\"}");
            }
            assertThat(flood.awaitClose()).isEqualTo(1008);
        }
    }

    private int spectatorsSeenByAFreshSocket(String gameId) {
        try (TestSocket probe = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
            return probe.await("snapshot", m -> m.path("type").asText().equals("snapshot")).path("spectators").asInt();
        }
    }

    @Test
    void spectatorsAreCountedOncePerPersonAcrossTabs() {
        String gameId = newGame();
        Guests.Guest carol = Guests.create("Carol");
        Guests.Guest dave = Guests.create("Dave");
        try (TestSocket tab1 = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN);
             TestSocket tab2 = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
            for (TestSocket tab : List.of(tab1, tab2)) {
                tab.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
                tab.send("{\"type\":\"auth\",\"token\":\"" + carol.token() + "\"}");
                tab.await("welcome", m -> m.path("type").asText().equals("welcome"));
            }
            try (TestSocket other = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
                other.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
                other.send("{\"type\":\"auth\",\"token\":\"" + dave.token() + "\"}");
                other.await("welcome", m -> m.path("type").asText().equals("welcome"));
                // Carol (two tabs), Dave, and the anonymous probe itself; counts go out once per interval,
                // so the probe stays while the others hear it.
                try (TestSocket probe = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
                    assertThat(probe.await("snapshot", m -> m.path("type").asText().equals("snapshot")).path("spectators").asInt()).isEqualTo(3);
                    tab1.await("the count sent to everyone", m -> m.path("type").asText().equals("spectators") && m.path("count").asInt() == 3);
                }
            }
            // Dave's close reaches the gateway after his client sent it: a later visitor sees him gone.
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(spectatorsSeenByAFreshSocket(gameId)).isEqualTo(2));
        }
    }

    @Test
    void guestsGetASignedIdentityAndCurlCanWatchAGame() throws Exception {
        JsonNode guest = given().contentType(ContentType.JSON).body("{\"name\":\"Visitor\"}").post("/api/guests")
                .then().statusCode(200).body("id", startsWith("guest:")).body("name", equalTo("Visitor"))
                .extract().as(JsonNode.class);
        given().contentType(ContentType.JSON).body("{\"name\":\"<script>\"}").post("/api/guests").then().statusCode(400);
        String gameId = newGame();
        try (TestSocket socket = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
            socket.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
            socket.send("{\"type\":\"auth\",\"token\":\"" + guest.path("token").asText() + "\"}");
            JsonNode welcome = socket.await("welcome", m -> m.path("type").asText().equals("welcome"));
            assertThat(welcome.path("playerId").asText()).isEqualTo(guest.path("id").asText());
            assertThat(welcome.path("player").asBoolean()).isFalse();
        }

        // A socket's sign-in lasts as long as its token.
        Instant now = Instant.now();
        String shortLived = DemoTokens.signGuest(DemoTokens.guestClaims("Brief", now, Duration.ofSeconds(2)));
        try (TestSocket socket = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
            socket.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
            socket.send("{\"type\":\"auth\",\"token\":\"" + shortLived + "\"}");
            socket.await("welcome", m -> m.path("type").asText().equals("welcome"));
            await().atMost(Duration.ofSeconds(10)).until(() -> Instant.now().isAfter(now.plusSeconds(2)));
            socket.send("{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":1}");
            socket.await("expired", m -> m.path("message").asText().contains("expired"));
        }

        // The REST API through the single origin (paths that could escape the service are refused),
        // and the server-sent event stream.
        given().get("/api/games/{id}", gameId).then().statusCode(200).body("id", equalTo(gameId));
        given().urlEncodingEnabled(false).get("/api/games/..%2F..%2Fq%2Fhealth").then().statusCode(400).body("error", equalTo("BAD_PATH"));
        HttpResponse<Stream<String>> sse = HttpClient.newHttpClient().send(HttpRequest.newBuilder(root.resolve("/api/games/" + gameId + "/events"))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofLines());
        assertThat(sse.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
        Iterator<String> lines = sse.body().filter(line -> line.startsWith("data:")).iterator();
        assertThat(lines.next()).contains("\"type\":\"snapshot\"").contains(gameId);
        streams.send(PlayMove.of(gameId, alice.id(), 1, "K10"));
        assertThat(lines.next()).contains("\"type\":\"MovePlayed\"").contains("\"point\":\"K10\"");
        sse.body().close();
    }
}

package club.pente.gateway.ws;

import club.pente.core.contract.GameEvent;
import club.pente.core.contract.MovePlayed;
import club.pente.gateway.support.GatewayTestResource;
import club.pente.gateway.support.RawHttp;
import club.pente.gateway.support.TestGames;
import club.pente.gateway.support.TestSocket;
import club.pente.testinfra.StackTest;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hostile socket input: wrong-typed fields, NUL bytes, overlong ids and oversize frames get an error
 * message or the right close code (never 1011), send nothing to Kafka, and leave the socket usable.
 */
@QuarkusTest
@QuarkusTestResource(value = GatewayTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class SocketInputTest {
    private static final String ORIGIN = "http://localhost:8080";
    private static TestGames games;

    @TestHTTPResource("/")
    URI root;

    @BeforeAll
    static void setUp() {
        games = new TestGames();
    }

    @AfterAll
    static void tearDown() throws Exception {
        if (games != null) {
            games.close();
        }
    }

    private String ws(String path) {
        return "ws://" + root.getHost() + ":" + root.getPort() + path;
    }

    private static boolean ofType(JsonNode message, String type) {
        return message.path("type").asText().equals(type);
    }

    @Test
    void wrongTypedFieldsGetAnErrorAndNothingIsSent() {
        String gameId = games.newGame();
        String longId = "c".repeat(65);
        List<String> bad = List.of(
                "{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":1,\"commandId\":{\"a\":1}}",
                "{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":1,\"commandId\":7}",
                "{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":1,\"commandId\":[\"x\"]}",
                "{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":1,\"commandId\":true}",
                "{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":1,\"commandId\":\"" + longId + "\"}",
                "{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":1,\"commandId\":\"a\\u0000b\"}",
                "{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":1,\"commandId\":\"\"}",
                "{\"type\":\"move\",\"point\":10,\"expectedPly\":1}",
                "{\"type\":\"move\",\"point\":\"K10\\u0000\",\"expectedPly\":1}",
                "{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":\"1\"}",
                "{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":1.5}",
                "{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":99999999999}",
                "{\"type\":\"resign\",\"commandId\":{\"a\":1}}");
        try (TestSocket white = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
            white.await("snapshot", m -> ofType(m, "snapshot"));
            white.send("{\"type\":\"auth\",\"token\":\"" + games.aliceToken + "\"}");
            assertThat(white.await("welcome", m -> ofType(m, "welcome")).path("player").asBoolean()).isTrue();
            for (int i = 0; i < bad.size(); i++) {
                white.send(bad.get(i));
                int errors = i + 1;
                white.await("error " + errors + " for " + bad.get(i), m -> white.ofType("error").size() >= errors);
            }
            assertThat(white.ofType("ack")).isEmpty();
            white.send("{\"type\":\"ping\"}");
            white.await("pong", m -> ofType(m, "pong"));

            // The socket still plays, and the game saw none of the bad commands: the next move is ply 1.
            white.send("{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":1,\"commandId\":\"good-" + gameId.substring(0, 8) + "\"}");
            white.await("ack", m -> ofType(m, "ack"));
            MovePlayed played = games.streams.await(gameId, MovePlayed.class, m -> m.ply() == 1);
            assertThat(played.point()).isEqualTo("K10");
            assertThat(games.streams.events(gameId)).extracting(GameEvent::version).containsExactly(1L, 2L);
        }
    }

    @Test
    void wrongTypedMessagesGetAnError() {
        String gameId = games.newGame();
        try (TestSocket socket = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
            socket.await("snapshot", m -> ofType(m, "snapshot"));
            for (String message : List.of("{\"type\":5}", "{\"type\":[\"move\"]}", "[1,2]", "\"auth\"",
                    "{\"type\":\"auth\",\"token\":{\"a\":1}}")) {
                int before = socket.ofType("error").size();
                socket.send(message);
                socket.await("error for " + message, m -> socket.ofType("error").size() > before);
            }
            socket.send("{\"type\":\"ping\"}");
            socket.await("pong", m -> ofType(m, "pong"));
        }
    }

    @Test
    void anOversizeMessageClosesWith1009() {
        String gameId = games.newGame();
        try (TestSocket socket = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
            socket.await("snapshot", m -> ofType(m, "snapshot"));
            socket.send("{\"type\":\"ping\",\"pad\":\"" + "x".repeat(5000) + "\"}");
            assertThat(socket.awaitClose()).isEqualTo(1009);
        }
        try (TestSocket socket = TestSocket.open(ws("/ws/lobby"), ORIGIN)) {
            socket.await("lobby", m -> ofType(m, "lobby"));
            socket.sendFragments("{\"type\":\"ping\",\"pad\":\"" + "x".repeat(3000), "y".repeat(3000) + "\"}");
            assertThat(socket.awaitClose()).isEqualTo(1009);
        }
    }

    @Test
    void badIdsInSocketAndStreamPathsAreBadRequests() {
        String host = "localhost:" + root.getPort();
        for (String id : List.of("%00", "a%00b", "c".repeat(65), "a%20b")) {
            try (RawHttp http = RawHttp.connect(root.getPort(), "127.0.0.1")) {
                assertThat(http.upgrade("/ws/games/" + id, host).status()).as(id).isEqualTo(400);
            }
            assertThat(RawHttp.exchange(root.getPort(), RawHttp.get("/api/games/" + id + "/events", host)).status()).as(id)
                    .isEqualTo(400);
        }
    }
}

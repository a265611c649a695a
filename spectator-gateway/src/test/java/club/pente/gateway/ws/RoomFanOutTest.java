package club.pente.gateway.ws;

import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.TimeControl;
import club.pente.gateway.support.GatewayTestResource;
import club.pente.gateway.support.Guests;
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
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a crowd costs (issue 12): the sockets of one game share one snapshot from the game service
 * (it is asked again only when the room's buffer no longer reaches back to the cached one), and a
 * room's spectator count goes out at most once per interval however many people join.
 */
@QuarkusTest
@QuarkusTestResource(value = GatewayTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class RoomFanOutTest {
    private static final String ORIGIN = "http://localhost:8080";
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static TestGames games;

    @TestHTTPResource("/")
    URI root;

    @BeforeAll
    static void setUp() {
        games = new TestGames();
    }

    @AfterAll
    static void tearDown() throws Exception {
        games.close();
    }

    private String ws(String path) {
        return "ws://" + root.getHost() + ":" + root.getPort() + path;
    }

    private static void play(String gameId, int ply, String point) {
        games.streams.send(PlayMove.of(gameId, (ply % 2 == 1 ? games.alice : games.bob).id(), ply, point));
        games.streams.await(gameId, MovePlayed.class, m -> m.ply() == ply);
    }

    private static boolean isEvent(JsonNode message, long version) {
        return message.path("type").asText().equals("event") && message.path("event").path("version").asLong() == version;
    }

    /** GET /api/games/{id} requests the game service has answered, from its own metrics. */
    private static double snapshotRequests() throws Exception {
        String metrics = HTTP.send(HttpRequest.newBuilder(URI.create(GatewayTestResource.gameServiceManagementUrl() + "/q/metrics")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        double total = 0;
        for (String line : metrics.split("\n")) {
            if (line.startsWith("http_server_requests_seconds_count{") && line.contains("method=\"GET\"")
                    && line.contains("uri=\"/api/games/{id}\"")) {
                total += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return total;
    }

    @Test
    void theSocketsOfAGameShareOneSnapshotUntilTheBufferNoLongerReachesIt() throws Exception {
        String gameId = games.newGame();
        play(gameId, 1, "K10");
        double before = snapshotRequests();
        List<TestSocket> crowd = new ArrayList<>();
        try {
            List<CompletableFuture<TestSocket>> opening = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                opening.add(CompletableFuture.supplyAsync(() -> TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)));
            }
            opening.forEach(f -> crowd.add(f.join()));
            for (TestSocket socket : crowd) {
                JsonNode snapshot = socket.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
                assertThat(snapshot.path("game").path("version").asLong()).isEqualTo(2);
            }
            play(gameId, 2, "L11");
            for (TestSocket socket : crowd) {
                socket.await("move 2", m -> isEvent(m, 3));
            }
            // A late joiner gets the cached snapshot (version 2) and the buffered event after it.
            try (TestSocket late = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
                JsonNode snapshot = late.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
                late.await("move 2", m -> isEvent(m, 3));
                assertThat(late.ofType("event")).extracting(m -> m.path("event").path("version").asLong()).containsExactly(3L);
                assertThat(snapshot.path("game").path("version").asLong()).isEqualTo(2);
            }
            assertThat(snapshotRequests() - before).isEqualTo(1);

            // The test buffer keeps 4 events: after four more, version 3 has left it and the snapshot is fetched again.
            play(gameId, 3, "N10");
            play(gameId, 4, "L12");
            play(gameId, 5, "N12");
            play(gameId, 6, "L13");
            for (TestSocket socket : crowd) {
                socket.await("move 6", m -> isEvent(m, 7));
                assertThat(socket.ofType("event")).extracting(m -> m.path("event").path("version").asLong())
                        .containsExactly(3L, 4L, 5L, 6L, 7L);
            }
            try (TestSocket later = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
                JsonNode snapshot = later.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
                assertThat(snapshot.path("game").path("version").asLong()).isEqualTo(7);
                assertThat(snapshot.path("game").path("board").get(9).asText()).isEqualTo(".........W..W......");
            }
            assertThat(snapshotRequests() - before).isEqualTo(2);
        } finally {
            crowd.forEach(TestSocket::close);
        }
    }

    @Test
    void aRoomHearsItsCountOncePerIntervalNotOncePerJoin() {
        String gameId = UUID.randomUUID().toString();
        games.streams.send(CreateGame.of(gameId, games.alice, games.bob, false, TimeControl.UNTIMED));
        games.streams.await(gameId, GameStarted.class, e -> true);
        List<Guests.Guest> guests = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            guests.add(Guests.create("Crowd " + i));
        }
        List<TestSocket> crowd = new ArrayList<>();
        try (TestSocket first = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
            first.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
            long started = System.nanoTime();
            for (Guests.Guest guest : guests) {
                TestSocket socket = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN);
                crowd.add(socket);
                socket.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
                socket.send("{\"type\":\"auth\",\"token\":\"" + guest.token() + "\"}");
                socket.await("welcome", m -> m.path("type").asText().equals("welcome"));
            }
            long joiningMillis = (System.nanoTime() - started) / 1_000_000;
            // Six people and the anonymous first socket's address.
            first.await("the count", m -> m.path("type").asText().equals("spectators") && m.path("count").asInt() == 7);
            // Each sign-in changed the count (2, 3, ... 7): one message per join would be six. At most one
            // per interval (1 s) while they joined, plus the one that closes the last interval.
            long changes = first.ofType("spectators").stream().filter(m -> m.path("count").asInt() >= 2).count();
            assertThat(changes).isLessThanOrEqualTo(joiningMillis / 1000 + 2);
            assertThat(crowd.get(5).await("the count", m -> m.path("type").asText().equals("spectators")
                    && m.path("count").asInt() == 7).path("count").asInt()).isEqualTo(7);
        } finally {
            crowd.forEach(TestSocket::close);
        }
    }
}

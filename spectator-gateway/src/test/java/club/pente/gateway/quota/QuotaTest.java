package club.pente.gateway.quota;

import club.pente.gateway.support.GatewayTestResource;
import club.pente.gateway.support.Guests;
import club.pente.gateway.support.RawHttp;
import club.pente.gateway.support.TestGames;
import club.pente.gateway.support.TestSocket;
import club.pente.testinfra.StackTest;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Per-identity and per-address limits: concurrent sockets, proxied API requests, and spectators counted by
 * verified identity. Each test speaks from a loopback address of its own (127.0.0.x) so that the limits
 * of one never touch another.
 */
@QuarkusTest
@QuarkusTestResource(value = GatewayTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class QuotaTest {
    private static final String ORIGIN = "http://localhost:8080";
    private static TestGames games;
    private static String gameId;

    @TestHTTPResource("/")
    URI root;

    @BeforeAll
    static void setUp() {
        games = new TestGames();
        gameId = games.newGame();
    }

    @AfterAll
    static void tearDown() throws Exception {
        if (games != null) {
            games.close();
        }
    }

    private static int config(String name) {
        return ConfigProvider.getConfig().getValue(name, Integer.class);
    }

    private String ws(String path) {
        return "ws://" + root.getHost() + ":" + root.getPort() + path;
    }

    private String host() {
        return "localhost:" + root.getPort();
    }

    @Test
    void anAddressHasABoundedNumberOfSockets() {
        int limit = config("pente.quota.sockets.per-address");
        List<RawHttp> open = new ArrayList<>();
        try {
            for (int i = 0; i < limit; i++) {
                RawHttp socket = RawHttp.connect(root.getPort(), "127.0.0.3");
                open.add(socket);
                String path = i % 2 == 0 ? "/ws/lobby" : "/ws/games/" + gameId;
                assertThat(socket.upgrade(path, host()).status()).as("socket %d", i + 1).isEqualTo(101);
                // Its first message (lobby numbers, a snapshot) says it is open and holds its place.
                assertThat(socket.awaitFrame()).as("socket %d's first frame is text", i + 1).isEqualTo(1);
            }
            try (RawHttp refused = RawHttp.connect(root.getPort(), "127.0.0.3")) {
                RawHttp.Response answer = refused.upgrade("/ws/lobby", host());
                assertThat(answer.status()).isEqualTo(429);
            }
            // Server-sent event streams hold a connection too and count against the same limit.
            try (RawHttp stream = RawHttp.connect(root.getPort(), "127.0.0.3")) {
                assertThat(stream.send(RawHttp.get("/api/games/" + gameId + "/events", host())).status()).isEqualTo(429);
            }
            // Another address is not affected.
            try (RawHttp other = RawHttp.connect(root.getPort(), "127.0.0.13")) {
                assertThat(other.upgrade("/ws/lobby", host()).status()).isEqualTo(101);
            }
        } finally {
            open.forEach(RawHttp::close);
        }
        // Closed sockets give their places back.
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            try (RawHttp again = RawHttp.connect(root.getPort(), "127.0.0.3")) {
                return again.upgrade("/ws/lobby", host()).status() == 101;
            }
        });
    }

    @Test
    void anIdentityHasABoundedNumberOfSockets() {
        int limit = config("pente.quota.sockets.per-identity");
        Guests.Guest guest = Guests.create("Many Tabs");
        List<TestSocket> tabs = new ArrayList<>();
        try {
            for (int i = 0; i < limit; i++) {
                TestSocket tab = TestSocket.open(ws(i % 2 == 0 ? "/ws/lobby" : "/ws/games/" + gameId), ORIGIN);
                tabs.add(tab);
                tab.send("{\"type\":\"auth\",\"token\":\"" + guest.token() + "\"}");
                tab.await("welcome", m -> m.path("type").asText().equals("welcome"));
            }
            // Signing in the same identity again on the same socket (a refreshed token) does not count twice.
            tabs.get(0).send("{\"type\":\"auth\",\"token\":\"" + guest.token() + "\"}");
            tabs.get(0).await("second welcome", m -> tabs.get(0).ofType("welcome").size() == 2);
            TestSocket extra = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN);
            tabs.add(extra);
            extra.send("{\"type\":\"auth\",\"token\":\"" + guest.token() + "\"}");
            assertThat(extra.awaitClose()).isEqualTo(4429);
            assertThat(extra.ofType("welcome")).isEmpty();
        } finally {
            tabs.forEach(TestSocket::close);
        }
    }

    @Test
    void spectatorsAreCountedByVerifiedIdentityNotByTheViewerKey() {
        String game = games.newGame();
        Guests.Guest carol = Guests.create("Carol");
        try (TestSocket anonymous1 = TestSocket.open(ws("/ws/games/" + game + "?viewer=k1"), ORIGIN);
             TestSocket anonymous2 = TestSocket.open(ws("/ws/games/" + game + "?viewer=k2"), ORIGIN);
             TestSocket carolTab1 = TestSocket.open(ws("/ws/games/" + game + "?viewer=k3"), ORIGIN);
             TestSocket carolTab2 = TestSocket.open(ws("/ws/games/" + game + "?viewer=k4"), ORIGIN)) {
            anonymous1.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
            anonymous2.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
            for (TestSocket tab : List.of(carolTab1, carolTab2)) {
                tab.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
                tab.send("{\"type\":\"auth\",\"token\":\"" + carol.token() + "\"}");
                tab.await("welcome", m -> m.path("type").asText().equals("welcome"));
            }
            // Anonymous sockets from one address count once, whatever viewer key they chose; Carol's two
            // tabs count once: two spectators, as a fresh socket's snapshot says.
            try (TestSocket late = TestSocket.open(ws("/ws/games/" + game + "?viewer=k5"), ORIGIN)) {
                JsonNode snapshot = late.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
                assertThat(snapshot.path("spectators").asInt()).isEqualTo(2);
            }
            // A player watching his own game is not a spectator.
            try (TestSocket alice = TestSocket.open(ws("/ws/games/" + game), ORIGIN)) {
                alice.await("snapshot", m -> m.path("type").asText().equals("snapshot"));
                alice.send("{\"type\":\"auth\",\"token\":\"" + games.aliceToken + "\"}");
                alice.await("welcome", m -> m.path("type").asText().equals("welcome"));
                try (TestSocket late = TestSocket.open(ws("/ws/games/" + game), ORIGIN)) {
                    assertThat(late.await("snapshot", m -> m.path("type").asText().equals("snapshot")).path("spectators").asInt())
                            .isEqualTo(2);
                }
            }
        }
    }

    @Test
    void aClientInALoopIsSlowedPerAddress() {
        int burst = config("pente.quota.api.per-address.burst");
        int rate = config("pente.quota.api.per-address.per-second");
        // A loop on several connections at once, so that it outruns the refill however slow one request
        // is on a busy machine (one connection at a time took 8-17 s for 180 requests and never ran dry).
        java.util.concurrent.atomic.AtomicInteger okCount = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger limitedCount = new java.util.concurrent.atomic.AtomicInteger();
        List<String> wrong = java.util.Collections.synchronizedList(new ArrayList<>());
        int connections = 6;
        long start = System.nanoTime();
        List<Thread> loops = new ArrayList<>();
        for (int c = 0; c < connections; c++) {
            Thread loop = new Thread(() -> {
                try (RawHttp http = RawHttp.connect(root.getPort(), "127.0.0.2")) {
                    for (int i = 0; i < 3 * burst / connections; i++) {
                        RawHttp.Response response = http.send(RawHttp.get("/api/games/" + gameId, host()));
                        if (response.status() == 200) {
                            okCount.incrementAndGet();
                        } else if (response.status() == 429 && response.body().contains("\"error\":\"TOO_MANY_REQUESTS\"")
                                && response.header("Retry-After") != null && response.header("Retry-After").matches("\\d+")) {
                            limitedCount.incrementAndGet();
                        } else {
                            wrong.add(response.status() + " " + response.body());
                        }
                    }
                }
            });
            loop.start();
            loops.add(loop);
        }
        for (Thread loop : loops) {
            try {
                loop.join(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        int ok = okCount.get();
        int limited = limitedCount.get();
        assertThat(wrong).isEmpty();
        assertThat(limited).isPositive();
        assertThat(ok).isLessThanOrEqualTo(burst + (int) Math.ceil(rate * seconds) + 1);
        // The address gets its requests back as the bucket refills.
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            try (RawHttp http = RawHttp.connect(root.getPort(), "127.0.0.2")) {
                return http.send(RawHttp.get("/api/games/" + gameId, host())).status() == 200;
            }
        });
    }

    @Test
    void aClientInALoopIsSlowedPerIdentityOnEveryAddress() {
        int burst = config("pente.quota.api.per-identity.burst");
        int rate = config("pente.quota.api.per-identity.per-second");
        String token = Guests.create("Looping").token();
        String request = "GET /api/games/" + gameId + " HTTP/1.1\r\nHost: " + host() + "\r\nAuthorization: Bearer " + token + "\r\n\r\n";
        int ok = 0;
        int limited = 0;
        long start = System.nanoTime();
        try (RawHttp http = RawHttp.connect(root.getPort(), "127.0.0.4")) {
            for (int i = 0; i < 3 * burst; i++) {
                // Forwarded is anything but 429 (the game service may refuse a guest token it does not
                // know; the gateway counts the identity it verified either way).
                if (http.send(request).status() == 429) {
                    limited++;
                } else {
                    ok++;
                }
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        assertThat(limited).isPositive();
        assertThat(ok).isLessThanOrEqualTo(burst + (int) Math.ceil(rate * seconds) + 1);
        // The same identity from another address is still limited; that address without the token is not.
        try (RawHttp http = RawHttp.connect(root.getPort(), "127.0.0.5")) {
            List<Integer> statuses = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                statuses.add(http.send(request).status());
            }
            assertThat(statuses).contains(429);
            assertThat(http.send(RawHttp.get("/api/games/" + gameId, host())).status()).isEqualTo(200);
        }
    }
}

package club.pente.gateway.http;

import club.pente.gateway.support.GatewayTestResource;
import club.pente.gateway.support.RawHttp;
import club.pente.gateway.support.TestGames;
import com.fasterxml.jackson.databind.JsonNode;
import club.pente.core.contract.Contracts;
import club.pente.testinfra.StackTest;
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
 * The gateway's HTTP edge: only the API paths it names reach a service, odd paths and requests get a
 * precise 4xx from the gateway itself, bodies are capped, pages carry security headers.
 */
@QuarkusTest
@QuarkusTestResource(value = GatewayTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class EdgeTest {
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

    private RawHttp.Response get(String path) {
        return RawHttp.exchange(root.getPort(), RawHttp.get(path, "localhost:" + root.getPort()));
    }

    private static String error(RawHttp.Response response) {
        try {
            return Contracts.json().readTree(response.body()).path("error").asText();
        } catch (Exception e) {
            return "not JSON: " + response.body();
        }
    }

    @Test
    void pathsThatNormaliseElsewhereAreRefusedByTheGatewayAndNeverForwarded() {
        // Each of these, once a server strips matrix parameters or decodes separators, points at a
        // service's /q/ endpoints or at an API path other than the one the gateway routed on.
        List<String> bypasses = List.of(
                "/api/games/..;/..;/q/openapi",
                "/api/games/..;/..;/q/health",
                "/api/games/..;/..;/api/games/" + gameId,
                "/api/games/x/..;/..;/..;/q/metrics",
                "/api/games/.;/..;/..;/q/openapi",
                "/api/games/;a=b/..;/..;/q/openapi",
                "/api/games/%2e%2e;/%2e%2e;/q/openapi",
                "/api/games/..%3b/..%3b/q/openapi",
                "/api/games/..%2f..%2fq%2fopenapi",
                "/api/games/..%5c..%5cq%5copenapi",
                "/api/games/%2e%2e/%2e%2e/q/openapi",
                "/api/games//..//..//q/openapi",
                "/api/games/" + gameId + ";jsessionid=1",
                "/api/games/a%00b",
                "/api/games/%252e%252e/%252e%252e/q/openapi",
                "/api/ratings/..;/..;/api/games/" + gameId,
                "/api/games/%C0%AE%C0%AE/q/openapi");
        for (String path : bypasses) {
            RawHttp.Response response = get(path);
            assertThat(response.status()).as(path).isEqualTo(400);
            assertThat(error(response)).as(path).isEqualTo("BAD_PATH");
        }
        // A raw backslash does not even get past the HTTP parser (400 with no body).
        assertThat(get("/api/games/..\\..\\q\\openapi").status()).isEqualTo(400);
        RawHttp.Response longPath = get("/api/games/" + "a".repeat(2000));
        assertThat(longPath.status()).isEqualTo(414);
    }

    @Test
    void onlyTheApiPathsTheGatewayNamesAreForwarded() {
        for (String path : List.of("/api/games/" + gameId + "/nope", "/api/matchmaking/q/openapi", "/api/games/"
                + gameId + "/record/x", "/api/ratings", "/api/ai/analysis/q/health", "/api/games/" + gameId + "/",
                "/api/ai/hints", "/api/ai/levels/x", "/api/ai/hints/" + gameId + "/x", "/api/games/" + gameId + "/hints")) {
            RawHttp.Response response = get(path);
            assertThat(response.status()).as(path).isEqualTo(404);
            assertThat(error(response)).as(path).isEqualTo("UNKNOWN_PATH");
        }
        // The legitimate calls still pass, with their query strings.
        RawHttp.Response game = get("/api/games/" + gameId);
        assertThat(game.status()).isEqualTo(200);
        assertThat(game.body()).contains(gameId);
        assertThat(get("/api/games?status=live&limit=5").status()).isEqualTo(200);
        RawHttp.Response record = get("/api/games/" + gameId + "/record");
        assertThat(record.status()).isEqualTo(200);
        assertThat(record.header("Content-Type")).startsWith("text/plain");
        // Matchmaking does not run in this test: an allowed path is forwarded and finds nobody there.
        RawHttp.Response presets = get("/api/matchmaking/seeks/presets");
        assertThat(presets.status()).isEqualTo(503);
        assertThat(error(presets)).isEqualTo("SERVICE_UNAVAILABLE");
        assertThat(get("/api/games?status=%00").status()).isEqualTo(400);
        // The AI service's new paths are forwarded (it does not run here either).
        for (String path : List.of("/api/ai/levels", "/api/ai/hints/" + gameId)) {
            assertThat(error(get(path))).as(path).isEqualTo("SERVICE_UNAVAILABLE");
        }
    }

    @Test
    void aRequestWithoutHostIsABadRequest() {
        RawHttp.Response response = RawHttp.exchange(root.getPort(), "GET /api/games/" + gameId + " HTTP/1.0\r\n\r\n");
        assertThat(response.status()).isEqualTo(400);
        assertThat(RawHttp.exchange(root.getPort(), "GET / HTTP/1.0\r\n\r\n").status()).isEqualTo(400);
        // HTTP/1.0 with a Host is fine.
        assertThat(RawHttp.exchange(root.getPort(), "GET /api/games/" + gameId + " HTTP/1.0\r\nHost: localhost\r\n\r\n").status())
                .isEqualTo(200);
    }

    @Test
    void aBodyOverTheLimitIsRefusedBeforeItIsForwarded() {
        String body = "{\"mode\":\"" + "x".repeat(100_000) + "\"}";
        RawHttp.Response response = RawHttp.exchange(root.getPort(), "POST /api/matchmaking/seeks HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\nContent-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body);
        assertThat(response.status()).isEqualTo(413);
    }

    @Test
    void aBodyUnderTheGatewaysLimitButOverTheServicesIsRefusedHereNotSeenAsAnOutage() {
        // 20 KB: within the gateway's 64 KB, over matchmaking's 16 KB. Forwarded, the service would refuse it
        // while still being sent and close the connection: a 503 "does not answer" at best.
        String body = "{\"level\":3,\"color\":\"" + "z".repeat(20_000) + "\"}";
        RawHttp.Response response = RawHttp.exchange(root.getPort(), "POST /api/matchmaking/ai-games HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\nContent-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body);
        assertThat(response.status()).isEqualTo(413);
        assertThat(error(response)).isEqualTo("BODY_TOO_LARGE");
        // The analysis accepts up to 64 KB, so the same body goes on to the AI service (not running here: 503).
        RawHttp.Response analysis = RawHttp.exchange(root.getPort(), "POST /api/ai/analysis HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\nContent-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body);
        assertThat(analysis.status()).isNotEqualTo(413);
    }

    @Test
    void pagesCarrySecurityHeaders() {
        for (String path : List.of("/", "/js/main.js", "/api/config")) {
            RawHttp.Response page = get(path);
            assertThat(page.status()).as(path).isEqualTo(200);
            String csp = page.header("Content-Security-Policy");
            assertThat(csp).as(path).isNotNull().contains("default-src 'self'").contains("frame-ancestors 'none'")
                    .contains("object-src 'none'").contains("base-uri 'none'").doesNotContain("unsafe-inline");
            // The web client fetches tokens from Keycloak: its origin (from pente.web.keycloak-url) may be reached.
            assertThat(csp).matches(".*connect-src 'self' http://(127\\.0\\.0\\.1|localhost):\\d+(;.*|$)");
            assertThat(page.header("X-Content-Type-Options")).isEqualTo("nosniff");
            assertThat(page.header("Referrer-Policy")).isEqualTo("no-referrer");
            assertThat(page.header("X-Frame-Options")).isEqualTo("DENY");
        }
        JsonNode config = null;
        try {
            config = Contracts.json().readTree(get("/api/config").body());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        URI keycloak = URI.create(config.path("keycloakUrl").asText());
        assertThat(get("/").header("Content-Security-Policy")).contains("connect-src 'self' " + keycloak.getScheme() + "://"
                + keycloak.getHost() + ":" + keycloak.getPort());
    }
}

package club.pente.matchmaking.flow;

import club.pente.matchmaking.support.MatchmakingTestResource;
import club.pente.matchmaking.support.Players;
import club.pente.matchmaking.support.Players.Tokened;
import club.pente.matchmaking.support.TestDb;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

/** Hostile ids in every path and wrong JSON types in every body: a precise 400 that changes nothing. */
@QuarkusTest
@QuarkusTestResource(value = MatchmakingTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class HostileInputTest {
    /** Raw path segments: a NUL byte, 65 characters, non-ASCII, a space, a control character. */
    private static final List<String> BAD_IDS = List.of("%00", "a%00b", "x".repeat(65), "%C3%A9t%C3%A9", "a%20b", "%1B");

    @TestHTTPResource("/")
    URI root;

    private static int rows(Tokened player) {
        return ((Number) TestDb.single("select (select count(*) from seeks where player_id = ?) + (select count(*) from invitations"
                + " where inviter_id = ? or accepted_by = ?) + (select count(*) from games where white_id = ? or black_id = ?)",
                player.id(), player.id(), player.id(), player.id(), player.id())).intValue();
    }

    @Test
    void badPathIdsAre400Everywhere() {
        Tokened guest = Players.guest("Probe");
        for (String id : BAD_IDS) {
            for (String[] call : List.of(new String[]{"GET", "/api/matchmaking/seeks/"}, new String[]{"DELETE", "/api/matchmaking/seeks/"},
                    new String[]{"POST", "/api/matchmaking/seeks/%s/keepalive"}, new String[]{"GET", "/api/matchmaking/invitations/"},
                    new String[]{"DELETE", "/api/matchmaking/invitations/"}, new String[]{"POST", "/api/matchmaking/invitations/%s/accept"},
                    new String[]{"GET", "/api/matchmaking/matches/"}, new String[]{"POST", "/api/matchmaking/games/%s/rematch"})) {
                String path = call[1].contains("%s") ? call[1].replace("%s", id) : call[1] + id;
                guest.request().urlEncodingEnabled(false).request(call[0], path).then()
                        .statusCode(400).body("error", equalTo("BAD_ID")).body("message", notNullValue());
            }
        }
        assertThat(rows(guest)).isZero();
    }

    @Test
    void wrongJsonTypesAre400() {
        Tokened guest = Players.guest("Typer");
        List<String[]> bodies = List.of(
                new String[]{"/api/matchmaking/seeks", "{\"mode\":5,\"timeControl\":\"5+5\"}"},
                new String[]{"/api/matchmaking/seeks", "{\"mode\":\"CASUAL\",\"timeControl\":[\"5+5\"]}"},
                new String[]{"/api/matchmaking/seeks", "{\"mode\":{\"x\":1},\"timeControl\":\"5+5\"}"},
                new String[]{"/api/matchmaking/seeks", "[\"CASUAL\"]"},
                new String[]{"/api/matchmaking/seeks", "\"CASUAL\""},
                new String[]{"/api/matchmaking/seeks", "{\"mode\":\"CASUAL\""},
                new String[]{"/api/matchmaking/invitations", "{\"mode\":\"CASUAL\",\"timeControl\":\"5+5\",\"games\":\"three\"}"},
                new String[]{"/api/matchmaking/invitations", "{\"mode\":\"CASUAL\",\"timeControl\":\"5+5\",\"games\":1.5}"},
                new String[]{"/api/matchmaking/invitations", "{\"mode\":true,\"timeControl\":\"5+5\"}"},
                new String[]{"/api/matchmaking/ai-games", "{\"level\":\"3\"}"},
                new String[]{"/api/matchmaking/ai-games", "{\"level\":2.5}"},
                new String[]{"/api/matchmaking/ai-games", "{\"level\":3,\"color\":1}"},
                new String[]{"/api/matchmaking/ai-games", "{\"level\":99999999999999999999}"},
                new String[]{"/api/matchmaking/ai-games", "null"});
        for (String[] request : bodies) {
            int status = guest.request().body(request[1]).post(request[0]).then().extract().statusCode();
            assertThat(status).as(request[0] + " " + request[1]).isEqualTo(400);
        }
        assertThat(rows(guest)).isZero();
    }

    /** HTTP/1.0 needs no Host header: such a request is answered like any other, never with a 5xx. */
    @Test
    void http10WithoutHostIsNeverA5xx() throws Exception {
        Tokened guest = Players.guest("Old");
        String seek = "{\"mode\":\"CASUAL\",\"timeControl\":\"30+20\"}";
        List<String> requests = List.of(
                "GET /api/matchmaking/lobby HTTP/1.0\r\n\r\n",
                "GET /api/matchmaking/seeks/presets HTTP/1.0\r\n\r\n",
                "GET /api/matchmaking/invitations/ZZZZZZZZ HTTP/1.0\r\n\r\n",
                "GET /api/matchmaking/seeks/x HTTP/1.0\r\n\r\n",
                "GET /api/matchmaking/seeks/%00 HTTP/1.0\r\n\r\n",
                "POST /api/matchmaking/seeks HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: " + seek.length() + "\r\n\r\n" + seek,
                "POST /api/matchmaking/ai-games HTTP/1.0\r\nAuthorization: Bearer " + guest.token()
                        + "\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{\"a\":",
                "GET /api/matchmaking/seeks/x HTTP/1.0\r\nAuthorization: Bearer " + guest.token() + "\r\n\r\n",
                "GET /nowhere HTTP/1.0\r\n\r\n",
                "GET /api/matchmaking/lobby HTTP/1.1\r\n\r\n");
        for (String request : requests) {
            String status = rawStatus(request);
            assertThat(status).as(request).matches("HTTP/1\\.[01] [234]\\d\\d");
        }
        assertThat(rows(guest)).isZero();
    }

    private String rawStatus(String request) throws Exception {
        try (Socket socket = new Socket(root.getHost(), root.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readNBytes(12), StandardCharsets.US_ASCII);
        }
    }
}

package club.pente.gateway.identity;

import club.pente.gateway.support.GatewayTestResource;
import club.pente.gateway.support.TestSocket;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.StackTest;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Guest identities from the gateway (signed with SmallRye JWT) and what its sockets believe: the
 * guest key can only ever make a guest, and Keycloak tokens must be access tokens for the platform.
 */
@QuarkusTest
@QuarkusTestResource(value = GatewayTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class GuestIdentityTest {
    private static final String ORIGIN = "http://localhost:8080";

    @TestHTTPResource("/")
    URI root;

    private String lobby() {
        return "ws://" + root.getHost() + ":" + root.getPort() + "/ws/lobby";
    }

    /** The socket's answer to an auth message: the welcome, or null when it closed with 4401 (refused). */
    private JsonNode auth(String token) {
        try (TestSocket socket = TestSocket.open(lobby(), ORIGIN)) {
            socket.send("{\"type\":\"auth\",\"token\":\"" + token + "\"}");
            CompletableFuture<Integer> closed = CompletableFuture.supplyAsync(socket::awaitClose);
            await().atMost(Duration.ofSeconds(20)).until(() -> closed.isDone() || !socket.ofType("welcome").isEmpty());
            if (!socket.ofType("welcome").isEmpty()) {
                return socket.ofType("welcome").get(0);
            }
            assertThat(closed.join()).as("close code").isEqualTo(4401);
            return null;
        }
    }

    private static JsonNode part(String jwt, int index) throws Exception {
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(
                new String(Base64.getUrlDecoder().decode(jwt.split("\\.")[index]), StandardCharsets.UTF_8));
    }

    @Test
    void aGuestTokenNamesAGuestForThePlatformWithOnlyTheGuestRole() throws Exception {
        JsonNode guest = given().contentType(ContentType.JSON).body("{\"name\":\"Visitor\"}").post("/api/guests")
                .then().statusCode(200).extract().as(JsonNode.class);
        String token = guest.path("token").asText();
        assertThat(part(token, 0).path("alg").asText()).isEqualTo("RS256");
        JsonNode claims = part(token, 1);
        assertThat(claims.path("iss").asText()).isEqualTo("pente-guest");
        assertThat(claims.path("aud").isArray() ? claims.path("aud").get(0).asText() : claims.path("aud").asText()).isEqualTo("pente-club");
        assertThat(claims.path("sub").asText()).startsWith("guest:").isEqualTo(guest.path("id").asText());
        assertThat(claims.path("realm_access").path("roles").toString()).isEqualTo("[\"guest\"]");
        assertThat(claims.path("exp").asLong() - claims.path("iat").asLong()).isEqualTo(Duration.ofHours(24).toSeconds());
        assertThat(Instant.parse(guest.path("expiresAt").asText()).getEpochSecond()).isEqualTo(claims.path("exp").asLong());

        JsonNode welcome = auth(token);
        assertThat(welcome).isNotNull();
        assertThat(welcome.path("playerId").asText()).isEqualTo(guest.path("id").asText());
        assertThat(welcome.path("guest").asBoolean()).isTrue();
    }

    @Test
    void socketsRefuseGuestKeyTokensThatNameAnAccountOrClaimRoles() {
        String alice = DemoTokens.claims(DemoTokens.accessToken("alice", "alice")).path("sub").asText();
        Map<String, Object> asAlice = DemoTokens.guestClaims("alice", Instant.now(), Duration.ofHours(1));
        asAlice.put("sub", alice);
        assertThat(auth(DemoTokens.signGuest(asAlice))).as("guest key naming alice").isNull();
        Map<String, Object> asPlayer = DemoTokens.guestClaims("alice", Instant.now(), Duration.ofHours(1));
        asPlayer.put("sub", alice);
        asPlayer.put("realm_access", Map.of("roles", List.of("player")));
        assertThat(auth(DemoTokens.signGuest(asPlayer))).as("guest key naming alice as a player").isNull();
        Map<String, Object> admin = DemoTokens.guestClaims("Mallory", Instant.now(), Duration.ofHours(1));
        admin.put("realm_access", Map.of("roles", List.of("guest", "admin")));
        assertThat(auth(DemoTokens.signGuest(admin))).as("guest claiming admin").isNull();
        Map<String, Object> foreign = DemoTokens.guestClaims("Mallory", Instant.now(), Duration.ofHours(1));
        foreign.put("aud", "another-platform");
        assertThat(auth(DemoTokens.signGuest(foreign))).as("another audience").isNull();
        // The same claims, untouched, are a guest.
        assertThat(auth(DemoTokens.guestToken("Real"))).isNotNull();
    }

    @Test
    void socketsTakeAccessTokensButNotIdTokens() {
        DemoTokens.TokenResponse bob = DemoTokens.passwordGrant(DemoTokens.WEB_CLIENT, "bob", "bob");
        assertThat(auth(bob.idToken())).as("an ID token").isNull();
        JsonNode welcome = auth(bob.accessToken());
        assertThat(welcome).isNotNull();
        assertThat(welcome.path("guest").asBoolean()).isFalse();
    }
}

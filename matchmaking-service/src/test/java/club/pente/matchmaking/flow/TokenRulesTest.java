package club.pente.matchmaking.flow;

import club.pente.matchmaking.support.MatchmakingTestResource;
import club.pente.matchmaking.support.Players;
import club.pente.matchmaking.support.Players.Tokened;
import club.pente.matchmaking.support.TestDb;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

/**
 * Which tokens matchmaking believes. The development guest key is committed, so anyone can sign with it:
 * a guest-issuer token must still only ever be a guest, and Keycloak tokens must be access tokens for
 * the platform (aud pente-services), not ID tokens.
 */
@QuarkusTest
@QuarkusTestResource(value = MatchmakingTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class TokenRulesTest {
    private static final String SEEK = "{\"mode\":\"CASUAL\",\"timeControl\":\"15+10\"}";

    private static int seeksOf(String playerId) {
        return ((Number) TestDb.single("select count(*) from seeks where player_id = ?", playerId)).intValue();
    }

    private static void refused(String token) {
        given().auth().oauth2(token).contentType(ContentType.JSON).body(SEEK).post("/api/matchmaking/seeks").then()
                .statusCode(401).body("error", equalTo("UNAUTHENTICATED"));
    }

    @Test
    void aTokenSignedWithTheGuestKeyCannotSpeakForAnAccount() {
        Tokened alice = Players.account("alice");
        int before = seeksOf(alice.id());
        for (List<String> roles : List.of(List.of("player"), List.of("guest"), List.of("guest", "player"))) {
            Map<String, Object> claims = DemoTokens.guestClaims("alice", Instant.now(), Duration.ofHours(1));
            claims.put("sub", alice.id());
            claims.put("realm_access", Map.of("roles", roles));
            refused(DemoTokens.signGuest(claims));
        }
        assertThat(seeksOf(alice.id())).as("nothing stored for alice").isEqualTo(before);
    }

    @Test
    void aGuestTokenWithAnyRoleBesidesGuestIsRefused() {
        Map<String, Object> admin = DemoTokens.guestClaims("Mallory", Instant.now(), Duration.ofHours(1));
        admin.put("realm_access", Map.of("roles", List.of("guest", "admin")));
        refused(DemoTokens.signGuest(admin));
        Map<String, Object> groups = DemoTokens.guestClaims("Mallory", Instant.now(), Duration.ofHours(1));
        groups.put("groups", List.of("admin"));
        refused(DemoTokens.signGuest(groups));
        assertThat(seeksOf((String) admin.get("sub")) + seeksOf((String) groups.get("sub"))).isZero();
    }

    @Test
    void aGuestTokenForAnotherAudienceOrWithoutOneIsRefused() {
        Map<String, Object> other = DemoTokens.guestClaims("Mallory", Instant.now(), Duration.ofHours(1));
        other.put("aud", "another-platform");
        refused(DemoTokens.signGuest(other));
        Map<String, Object> none = DemoTokens.guestClaims("Mallory", Instant.now(), Duration.ofHours(1));
        none.remove("aud");
        refused(DemoTokens.signGuest(none));
        Map<String, Object> noExpiry = DemoTokens.guestClaims("Mallory", Instant.now(), Duration.ofHours(1));
        noExpiry.remove("exp");
        refused(DemoTokens.signGuest(noExpiry));
        // The same claims untouched are accepted, so the refusals are about audience and expiry.
        Tokened guest = Players.guest("Real");
        String seekId = guest.request().body(SEEK).post("/api/matchmaking/seeks").then().statusCode(201).extract().path("id");
        guest.request().delete("/api/matchmaking/seeks/{id}", seekId).then().statusCode(200);
    }

    @Test
    void anIdTokenIsNotAnAccessToken() {
        DemoTokens.TokenResponse tokens = DemoTokens.passwordGrant(DemoTokens.WEB_CLIENT, "bob", "bob");
        assertThat(tokens.idToken()).isNotBlank();
        String bobId = DemoTokens.claims(tokens.accessToken()).get("sub").asText();
        int before = seeksOf(bobId);
        refused(tokens.idToken());
        assertThat(seeksOf(bobId)).isEqualTo(before);
        // Bob's access token from the same answer works.
        String seekId = given().auth().oauth2(tokens.accessToken()).contentType(ContentType.JSON)
                .body("{\"mode\":\"RANKED\",\"timeControl\":\"15+10\"}")
                .post("/api/matchmaking/seeks").then().statusCode(201).extract().path("id");
        given().auth().oauth2(tokens.accessToken()).delete("/api/matchmaking/seeks/{id}", seekId).then().statusCode(200);
    }
}

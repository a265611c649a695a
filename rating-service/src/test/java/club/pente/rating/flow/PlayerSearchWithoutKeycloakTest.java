package club.pente.rating.flow;

import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Status;
import club.pente.rating.support.RatingServiceTestResource;
import club.pente.rating.support.RatingStreams;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static club.pente.rating.support.RatingApi.awaitGames;
import static club.pente.rating.support.RatingStreams.ranked;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/** Keycloak's Admin REST API does not answer (nothing listens there): the search answers from the players table, partial. */
@QuarkusTest
@TestProfile(PlayerSearchWithoutKeycloakTest.AdminApiUnreachable.class)
@QuarkusTestResource(value = RatingServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class PlayerSearchWithoutKeycloakTest {

    public static class AdminApiUnreachable implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("pente.keycloak-admin.url", "http://127.0.0.1:1/admin/realms/pente");
        }
    }

    @Test
    void theSearchFallsBackToThePlayersTableAndSaysItIsPartial() throws Exception {
        String tag = UUID.randomUUID().toString().substring(0, 8);
        PlayerRef winner = new PlayerRef(UUID.randomUUID().toString(), "Zora_" + tag);
        PlayerRef loser = new PlayerRef(UUID.randomUUID().toString(), "zora%" + tag);
        try (RatingStreams streams = RatingStreams.open()) {
            streams.publish(ranked(winner, loser, Status.WHITE_WINS));
            awaitGames(loser.id(), 1);
        }
        String mod = DemoTokens.accessToken("mod", "mod");

        // Case-insensitive, best rating first.
        JsonPath found = given().header("Authorization", "Bearer " + mod).queryParam("q", "ZORA").get("/api/admin/players")
                .then().statusCode(200).extract().jsonPath();
        assertThat(found.getBoolean("partial")).isTrue();
        List<Map<String, Object>> players = found.getList("players");
        assertThat(players).extracting(p -> p.get("id")).containsSubsequence(winner.id(), loser.id());
        Map<String, Object> first = players.stream().filter(p -> winner.id().equals(p.get("id"))).findFirst().orElseThrow();
        assertThat(first.get("username")).isEqualTo("Zora_" + tag);
        assertThat(first.get("rating")).isEqualTo(1520);
        assertThat(first.get("games")).isEqualTo(1);
        assertThat(first).containsEntry("enabled", null).containsEntry("createdAt", null);

        // LIKE wildcards in q match literally: "%" finds only the name with a "%" in it.
        JsonPath literal = given().header("Authorization", "Bearer " + mod).queryParam("q", "zora%" + tag).get("/api/admin/players")
                .then().statusCode(200).extract().jsonPath();
        assertThat(literal.getList("players.id")).containsExactly(loser.id());
        JsonPath underscore = given().header("Authorization", "Bearer " + mod).queryParam("q", "_" + tag).get("/api/admin/players")
                .then().statusCode(200).extract().jsonPath();
        assertThat(underscore.getList("players.id")).containsExactly(winner.id());
    }
}

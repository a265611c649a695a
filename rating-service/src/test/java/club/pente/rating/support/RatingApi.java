package club.pente.rating.support;

import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

/** The REST API as a test reads it, and waits on it (polling with a deadline) for effects of published events. */
public final class RatingApi {
    /** A bound, not a wait: whichever test runs first also waits for the reactive pool's first connection (16 s seen under load). */
    public static final Duration DEADLINE = Duration.ofSeconds(60);

    private RatingApi() {
    }

    /** The profile, or null while the player is unknown (404). */
    public static JsonPath profile(String playerId) {
        Response response = given().queryParam("history", 500).get("/api/ratings/players/{id}", playerId);
        if (response.statusCode() == 404) {
            return null;
        }
        if (response.statusCode() != 200) {
            throw new AssertionError("profile of " + playerId + ": HTTP " + response.statusCode() + " " + response.asString());
        }
        return response.jsonPath();
    }

    /** Waits until the player's profile satisfies the condition; returns that profile. */
    public static JsonPath awaitProfile(String playerId, Predicate<JsonPath> condition) {
        JsonPath[] seen = new JsonPath[1];
        await().atMost(DEADLINE).pollInterval(Duration.ofMillis(50)).alias("profile of " + playerId).until(() -> {
            JsonPath profile = profile(playerId);
            seen[0] = profile;
            return profile != null && condition.test(profile);
        });
        return seen[0];
    }

    public static JsonPath awaitGames(String playerId, int games) {
        return awaitProfile(playerId, p -> p.getInt("games") >= games);
    }

    /** The profile's standing in the category ({@code categories[]}), empty when it is not listed. */
    public static Map<String, Object> category(JsonPath profile, String category) {
        List<Map<String, Object>> categories = profile.getList("categories");
        return categories.stream().filter(entry -> category.equals(entry.get("category"))).findFirst().orElse(Map.of());
    }

    /** Waits until the player has at least {@code games} rated games in the category. */
    public static JsonPath awaitCategoryGames(String playerId, String category, int games) {
        return awaitProfile(playerId, p -> category(p, category).get("games") instanceof Integer n && n >= games);
    }

    public static JsonPath statistics() {
        return given().get("/api/ratings/statistics").then().statusCode(200).extract().jsonPath();
    }

    public static JsonPath awaitStatistics(Predicate<JsonPath> condition) {
        JsonPath[] seen = new JsonPath[1];
        await().atMost(DEADLINE).pollInterval(Duration.ofMillis(50)).alias("statistics").until(() -> {
            seen[0] = statistics();
            return condition.test(seen[0]);
        });
        return seen[0];
    }
}

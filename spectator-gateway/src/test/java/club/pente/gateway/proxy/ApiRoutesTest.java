package club.pente.gateway.proxy;

import club.pente.gateway.http.PathRules;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ApiRoutesTest {
    private final ApiRoutes routes = new ApiRoutes(Map.of(
            "games", List.of("/api/games", "/api/games/{id}", "/api/games/{id}/record"),
            "ratings", List.of("/api/ratings/players/{id}", "/api/ratings/leaderboard")));

    private String service(String path) {
        return routes.serviceFor(PathRules.checkPath(path).segments());
    }

    @Test
    void namedPathsGoToTheirService() {
        assertThat(service("/api/games")).isEqualTo("games");
        assertThat(service("/api/games/abc")).isEqualTo("games");
        assertThat(service("/api/games/abc/record")).isEqualTo("games");
        assertThat(service("/api/ratings/players/guest:1234")).isEqualTo("ratings");
        assertThat(service("/api/ratings/leaderboard")).isEqualTo("ratings");
    }

    @Test
    void everythingElseIsUnknown() {
        for (String path : List.of("/api/games/abc/moves", "/api/games/abc/record/x", "/api/games/", "/api/ratings",
                "/api/ratings/players/" + "p".repeat(129), "/api/games/q/openapi", "/q/openapi", "/api/matchmaking/lobby",
                "/api/ratings/leaderboard/x")) {
            assertThat(service(path)).as(path).isNull();
        }
    }

    @Test
    void staffPathsGoToTheServiceThatNamesThemAndEachToOneOnly() {
        ApiRoutes staff = new ApiRoutes(Map.of("games", List.of("/api/admin/games", "/api/admin/games/{id}/abort"),
                "matchmaking", List.of("/api/admin/players/{id}/suspension")));
        assertThat(staff.serviceFor(PathRules.checkPath("/api/admin/games").segments())).isEqualTo("games");
        assertThat(staff.serviceFor(PathRules.checkPath("/api/admin/games/g1/abort").segments())).isEqualTo("games");
        assertThat(staff.serviceFor(PathRules.checkPath("/api/admin/players/p1/suspension").segments())).isEqualTo("matchmaking");
        assertThat(staff.serviceFor(PathRules.checkPath("/api/admin/players/p1").segments())).isNull();
        assertThat(staff.serviceFor(PathRules.checkPath("/api/admin/status").segments())).isNull();
        assertThatThrownBy(() -> new ApiRoutes(Map.of("games", List.of("/api/admin/x"), "ratings", List.of("/api/admin/x"))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ApiRoutes(Map.of("games", List.of("/api/admin/")))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPatternOutsideItsServiceIsAConfigurationError() {
        assertThatThrownBy(() -> new ApiRoutes(Map.of("games", List.of("/q/openapi")))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ApiRoutes(Map.of("games", List.of("/api/gamesx")))).isInstanceOf(IllegalArgumentException.class);
    }

    /** The gateway's own configuration (pente.proxy.paths.* in application.properties), as ApiProxy builds its routes. */
    private static ApiRoutes configured() throws java.io.IOException {
        java.util.Properties properties = new java.util.Properties();
        try (var in = ApiRoutesTest.class.getResourceAsStream("/application.properties")) {
            properties.load(in);
        }
        Map<String, List<String>> byService = new java.util.HashMap<>();
        for (String service : List.of("games", "matchmaking", "ratings", "ai")) {
            byService.put(service, List.of(properties.getProperty("pente.proxy.paths." + service).split(",")));
        }
        return new ApiRoutes(byService);
    }

    @Test
    void issue18sPathsAreForwardedToTheirServices() throws Exception {
        ApiRoutes configured = configured();
        Map<String, String> expected = Map.of(
                "/api/games/mine", "games",
                "/api/matchmaking/tournaments", "matchmaking",
                "/api/matchmaking/tournaments/t-1", "matchmaking",
                "/api/matchmaking/tournaments/t-1/join", "matchmaking",
                "/api/matchmaking/tournaments/t-1/cancel", "matchmaking",
                "/api/ratings/players/p-1/rating", "ratings",
                "/api/ratings/leaderboard", "ratings");
        expected.forEach((path, service) ->
                assertThat(configured.serviceFor(PathRules.checkPath(path).segments())).as(path).isEqualTo(service));
        for (String path : List.of("/api/matchmaking/tournaments/t-1/start", "/api/matchmaking/tournaments/t-1/join/x",
                "/api/games/mine/x")) {
            assertThat(configured.serviceFor(PathRules.checkPath(path).segments())).as(path).isNull();
        }
    }
}

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
}

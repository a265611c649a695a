package club.pente.gateway.http;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PathRulesTest {

    @Test
    void ordinaryPathsAreAcceptedAndDecodedOnce() {
        assertThat(PathRules.checkPath("/").segments()).containsExactly("");
        assertThat(PathRules.checkPath("/api/games/abc-123").segments()).containsExactly("api", "games", "abc-123");
        assertThat(PathRules.checkPath("/api/ratings/players/guest:1f2e").segments()).containsExactly("api", "ratings", "players", "guest:1f2e");
        assertThat(PathRules.checkPath("/api/ratings/players/guest%3A1f2e").segments()).containsExactly("api", "ratings", "players", "guest:1f2e");
        assertThat(PathRules.checkPath("/js/main.js").accepted()).isTrue();
        assertThat(PathRules.checkPath("/api/games/").segments()).containsExactly("api", "games", "");
    }

    @Test
    void pathsThatMeanSomethingElseOnceNormalisedAreRefused() {
        for (String path : List.of("/api/games/..;/..;/q/openapi", "/api/games/x;y", "/api/games/..", "/api/games/.",
                "/api/games/%2e%2e/q", "/api/games/%2E/q", "/api/games/a%2fb", "/api/games/a%2Fb", "/api/games/a%5cb",
                "/api/games/a\\b", "/api/games/a%00b", "/api/games/a%0ab", "/api/games/a%7fb", "/api/games/%C0%AE%C0%AE",
                "/api/games/%252e%252e", "/api/games/a%3bb", "/api/games//x", "//api/games", "/api/games/a%", "/api/games/a%4",
                "/api/games/a%zz", "/api/games/a b", "/api/games/a\"b", "/api/games/a<b", "/api/games/a{b", "/api/games/a|b",
                "/api/games/é", "api/games", "")) {
            PathRules.Checked checked = PathRules.checkPath(path);
            assertThat(checked.accepted()).as(path).isFalse();
            assertThat(checked.status()).as(path).isEqualTo(400);
            assertThat(checked.reason()).as(path).isNotBlank();
        }
        assertThat(PathRules.checkPath("/api/games/" + "a".repeat(PathRules.MAX_PATH)).status()).isEqualTo(414);
    }

    @Test
    void queriesMayNotHideControlCharacters() {
        assertThat(PathRules.checkQuery(null)).isNull();
        assertThat(PathRules.checkQuery("status=live&limit=5")).isNull();
        assertThat(PathRules.checkQuery("code=abc&state=x_y-z&iss=http%3A%2F%2F127.0.0.1%3A8180%2Frealms%2Fpente")).isNull();
        assertThat(PathRules.checkQuery("name=%C3%A9t%C3%A9+ok")).isNull();
        for (String query : List.of("status=%00", "a%0d%0aSet-Cookie:x=1", "x=%zz", "x=%", "x=%C3", "x=a b", "x=a|b",
                "x=" + "a".repeat(PathRules.MAX_QUERY))) {
            assertThat(PathRules.checkQuery(query)).as(query).isNotNull();
        }
    }
}

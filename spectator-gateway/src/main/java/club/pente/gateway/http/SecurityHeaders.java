package club.pente.gateway.http;

import java.net.URI;
import java.util.Map;

/**
 * The headers every page and answer of the gateway carries. The Content-Security-Policy lets the page
 * load only its own scripts, styles and images, talk to its own origin (HTTP and WebSocket) and to
 * Keycloak's token endpoint, and be framed by nobody.
 */
public final class SecurityHeaders {
    private SecurityHeaders() {
    }

    /** The origin ({@code scheme://host[:port]}) of Keycloak's realm URL, which the page fetches tokens from. */
    static String originOf(String url) {
        URI uri = URI.create(url);
        if (uri.getScheme() == null || uri.getHost() == null) {
            throw new IllegalArgumentException("pente.web.keycloak-url must be an absolute URL: " + url);
        }
        return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
    }

    public static Map<String, String> forPages(String keycloakUrl) {
        String keycloak = originOf(keycloakUrl);
        String csp = String.join("; ",
                "default-src 'self'",
                "script-src 'self'",
                "style-src 'self'",
                "img-src 'self' data:",
                "connect-src 'self' " + keycloak,
                "object-src 'none'",
                "base-uri 'none'",
                "form-action 'self' " + keycloak,
                "frame-ancestors 'none'");
        return Map.of(
                "Content-Security-Policy", csp,
                "X-Content-Type-Options", "nosniff",
                "Referrer-Policy", "no-referrer",
                "X-Frame-Options", "DENY");
    }
}

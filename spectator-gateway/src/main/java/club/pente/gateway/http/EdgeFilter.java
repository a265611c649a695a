package club.pente.gateway.http;

import club.pente.core.contract.Contracts;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import club.pente.gateway.EdgeSettings;

import java.util.Map;

/**
 * Runs first on every request to the public port (pages, API, sockets, streams): a request without a
 * Host, with a path or query that {@link PathRules} refuses, gets a precise 4xx here and goes no
 * further; and every answer carries the {@link SecurityHeaders}.
 */
@ApplicationScoped
public class EdgeFilter {
    private static final int PRIORITY = 10_000;

    private final Map<String, String> headers;

    public EdgeFilter(EdgeSettings settings) {
        String keycloakUrl = settings.web().keycloakUrl();
        this.headers = SecurityHeaders.forPages(keycloakUrl);
    }

    void register(@Observes Filters filters) {
        filters.register(this::filter, PRIORITY);
    }

    void filter(RoutingContext context) {
        HttpServerRequest request = context.request();
        if (!request.path().startsWith("/q/")) {
            headers.forEach((name, value) -> context.response().putHeader(name, value));
        }
        if (request.version() == null) {
            // An HTTP version Vert.x does not know (e.g. HTTP/9.9) was answered 501 further in: it is a bad request.
            refuse(context, 400, "BAD_REQUEST", "HTTP/1.0, HTTP/1.1 or HTTP/2 only");
            return;
        }
        if (request.authority() == null) {
            refuse(context, 400, "BAD_REQUEST", "a Host header is required");
            return;
        }
        PathRules.Checked path = PathRules.checkPath(request.path());
        if (!path.accepted()) {
            refuse(context, path.status(), path.status() == 414 ? "PATH_TOO_LONG" : "BAD_PATH", path.reason());
            return;
        }
        String query = PathRules.checkQuery(request.query());
        if (query != null) {
            refuse(context, 400, "BAD_QUERY", query);
            return;
        }
        context.next();
    }

    static void refuse(RoutingContext context, int status, String error, String message) {
        String body = Contracts.json().createObjectNode().put("error", error).put("message", message).toString();
        context.response().setStatusCode(status).putHeader("Content-Type", "application/json")
                .putHeader("Connection", "close").end(body);
    }
}

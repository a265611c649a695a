package club.pente.kit.http;

import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Runs before routing on a service's public port: a request without a Host (HTTP/1.0 allows it) or in
 * an HTTP version Vert.x does not know is a 400 here. Quarkus REST builds absolute request URIs from the
 * Host and fails with a 500 without one.
 */
@ApplicationScoped
public class RequestLineCheck {
    private static final int PRIORITY = 20_000;

    void register(@Observes Filters filters) {
        filters.register(this::check, PRIORITY);
    }

    void check(RoutingContext context) {
        HttpServerRequest request = context.request();
        if (request.version() == null || request.authority() == null) {
            context.response().setStatusCode(400).putHeader("Content-Type", "application/json").putHeader("Connection", "close")
                    .end("{\"error\":\"BAD_REQUEST\",\"message\":\"a Host header and HTTP/1.0, HTTP/1.1 or HTTP/2 are required\"}");
            return;
        }
        context.next();
    }
}

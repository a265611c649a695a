package club.pente.gateway.proxy;

import club.pente.core.contract.StaffRole;
import club.pente.gateway.EdgeSettings;
import club.pente.gateway.admin.AdminGames;
import club.pente.gateway.admin.StaffFence;
import club.pente.gateway.http.ClientAddress;
import club.pente.gateway.http.PathRules;
import club.pente.gateway.quota.Callers;
import club.pente.gateway.quota.Quotas;
import club.pente.kit.rest.ApiError;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One origin for the browser: the API paths named in {@code pente.proxy.paths.*} ({@link ApiRoutes}) go to
 * the service that owns them, with the caller's Authorization header, within the caller's quota. The path
 * forwarded is the raw path the edge filter checked ({@link PathRules}): what the service sees is exactly
 * what was routed on. The gateway's own endpoints (guests, the SSE stream) are more specific paths and
 * win over this catch-all.
 */
@Path("/api")
public class ApiProxy {
    private static final Logger LOG = Logger.getLogger(ApiProxy.class);
    private static final List<String> REQUEST_HEADERS = List.of("Authorization", "Content-Type", "Accept");
    private static final List<String> RESPONSE_HEADERS = List.of("Content-Type", "Content-Disposition", "Retry-After", "WWW-Authenticate");
    private static final String ROUTE = "/{service:games|matchmaking|ratings|ai|admin}{rest:(/.*)?}";

    // HTTP/1.1 to the services: over a shared HTTP/2 (h2c) connection one refused request ends in GOAWAY,
    // which failed every other caller's request in flight on it (seen by the hostile-input suite as 503s).
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private final Map<String, String> targets;
    private final ApiRoutes routes;
    private final Map<String, Long> maxBody;
    private final Duration timeout;
    private final Quotas quotas;
    private final Callers callers;
    private final List<AdminOnly> adminOnly;
    private final AdminGames adminGames;

    /** A forwarded staff endpoint only admins may call. */
    private record AdminOnly(String method, List<String> segments) {
        static AdminOnly parse(String entry) {
            String[] parts = entry.strip().split("\\s+");
            if (parts.length != 2 || !parts[1].startsWith(ApiRoutes.STAFF_PREFIX)) {
                throw new IllegalArgumentException("pente.proxy.admin-only entries are METHOD /api/admin/...: " + entry);
            }
            return new AdminOnly(parts[0], ApiRoutes.segmentsOf(parts[1]));
        }
    }

    public ApiProxy(EdgeSettings settings, Quotas quotas, Callers callers, AdminGames adminGames) {
        EdgeSettings.Route route = settings.route();
        EdgeSettings.Proxy.Paths paths = settings.proxy().paths();
        this.targets = Map.of("games", route.games(), "matchmaking", route.matchmaking(), "ratings", route.ratings(), "ai", route.ai());
        this.routes = new ApiRoutes(Map.of("games", paths.games(), "matchmaking", paths.matchmaking(), "ratings", paths.ratings(),
                "ai", paths.ai()));
        EdgeSettings.Proxy.MaxBody maxBody = settings.proxy().maxBody();
        this.maxBody = Map.of("games", maxBody.games().asLongValue(), "matchmaking", maxBody.matchmaking().asLongValue(),
                "ratings", maxBody.ratings().asLongValue(), "ai", maxBody.ai().asLongValue());
        this.timeout = route.timeout();
        this.quotas = quotas;
        this.callers = callers;
        this.adminOnly = settings.proxy().adminOnly().stream().filter(entry -> !entry.isBlank()).map(AdminOnly::parse).toList();
        this.adminGames = adminGames;
    }

    @GET
    @Path(ROUTE)
    public Uni<Response> get(@Context HttpServerRequest request, @Context HttpHeaders headers) {
        return forward("GET", request, headers, null);
    }

    @POST
    @Path(ROUTE)
    public Uni<Response> post(@Context HttpServerRequest request, @Context HttpHeaders headers, byte[] body) {
        return forward("POST", request, headers, body);
    }

    @PUT
    @Path(ROUTE)
    public Uni<Response> put(@Context HttpServerRequest request, @Context HttpHeaders headers, byte[] body) {
        return forward("PUT", request, headers, body);
    }

    @DELETE
    @Path(ROUTE)
    public Uni<Response> delete(@Context HttpServerRequest request, @Context HttpHeaders headers, byte[] body) {
        // A DELETE may carry a body (a moderator's reason for removing a chat message): forwarded when there is one.
        return forward("DELETE", request, headers, body == null || body.length == 0 ? null : body);
    }

    private Uni<Response> forward(String method, HttpServerRequest request, HttpHeaders headers, byte[] body) {
        String path = request.path();
        PathRules.Checked checked = PathRules.checkPath(path);
        if (!checked.accepted()) {
            return answer(checked.status(), "BAD_PATH", checked.reason());
        }
        String service = routes.serviceFor(checked.segments());
        if (service == null) {
            return answer(404, "UNKNOWN_PATH", "the gateway forwards no such API path");
        }
        if (body != null && body.length > maxBody.get(service)) {
            return answer(413, "BODY_TOO_LARGE", "the " + service + " service accepts bodies of at most " + maxBody.get(service) + " bytes");
        }
        if (!quotas.apiPerAddress().tryAcquire(ClientAddress.of(request))) {
            return tooMany(quotas.apiPerAddress().retryAfterSeconds(), "too many requests from this address");
        }
        // On the decoded segments, the ones routed on: an encoded spelling of "admin" is fenced all the same.
        boolean staffPath = checked.segments().size() > 2 && "admin".equals(checked.segments().get(1));
        return callers.verified(headers.getHeaderString("Authorization")).chain(identity -> {
            if (identity.isPresent() && !quotas.apiPerIdentity().tryAcquire(identity.get().id())) {
                return tooMany(quotas.apiPerIdentity().retryAfterSeconds(), "too many requests from this player");
            }
            if (staffPath) {
                // The first fence: players and strangers never reach a service's staff endpoints (which check again).
                StaffFence.Checked fence = StaffFence.decide(identity, required(method, checked.segments()));
                if (!fence.allowed()) {
                    return Uni.createFrom().item(fence.refusal());
                }
            }
            Uni<Response> answer = send(method, service, path, request.query(), headers, body);
            return "GET".equals(method) && AdminGames.isListPath(checked.segments()) ? answer.map(adminGames::withSpectators) : answer;
        });
    }

    private StaffRole required(String method, List<String> segments) {
        for (AdminOnly entry : adminOnly) {
            if (entry.method().equalsIgnoreCase(method) && ApiRoutes.matches(entry.segments(), segments)) {
                return StaffRole.ADMIN;
            }
        }
        return StaffRole.MODERATOR;
    }

    private Uni<Response> send(String method, String service, String path, String query, HttpHeaders headers, byte[] body) {
        URI target = URI.create(targets.get(service) + path + (query == null ? "" : "?" + query));
        HttpRequest.Builder request = HttpRequest.newBuilder(target).timeout(timeout)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        for (String name : REQUEST_HEADERS) {
            String value = headers.getHeaderString(name);
            if (value != null) {
                request.header(name, value);
            }
        }
        return Uni.createFrom().completionStage(() -> http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray()))
                .map(response -> {
                    Response.ResponseBuilder answer = Response.status(response.statusCode()).entity(response.body());
                    for (String name : RESPONSE_HEADERS) {
                        response.headers().firstValue(name).ifPresent(value -> answer.header(name, value));
                    }
                    return answer.build();
                })
                .onFailure().invoke(failure -> LOG.warnf("%s %s to the %s service failed: %s", method, path, service, failure.toString()))
                .onFailure().recoverWithItem(failure -> Response.status(Response.Status.SERVICE_UNAVAILABLE)
                        .entity(new ApiError("SERVICE_UNAVAILABLE", "the " + service + " service does not answer"))
                        .type("application/json").build());
    }

    private static Uni<Response> answer(int status, String error, String message) {
        return Uni.createFrom().item(Response.status(status).entity(new ApiError(error, message)).type("application/json").build());
    }

    private static Uni<Response> tooMany(long retryAfter, String message) {
        return Uni.createFrom().item(Response.status(429).header("Retry-After", retryAfter)
                .entity(new ApiError("TOO_MANY_REQUESTS", message)).type("application/json").build());
    }
}

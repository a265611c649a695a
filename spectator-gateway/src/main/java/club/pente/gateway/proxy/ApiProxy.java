package club.pente.gateway.proxy;

import club.pente.gateway.rest.ApiError;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One origin for the browser: {@code /api/games|matchmaking|ratings|ai/...} go to the service that owns
 * them, with the caller's Authorization header. The gateway's own endpoints (guests, the SSE stream)
 * are more specific paths and win over this catch-all.
 */
@Path("/api")
public class ApiProxy {
    private static final List<String> REQUEST_HEADERS = List.of("Authorization", "Content-Type", "Accept");
    private static final List<String> RESPONSE_HEADERS = List.of("Content-Type", "Content-Disposition");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final Map<String, String> targets;
    private final Duration timeout;

    public ApiProxy(@ConfigProperty(name = "pente.route.games") String games,
                    @ConfigProperty(name = "pente.route.matchmaking") String matchmaking,
                    @ConfigProperty(name = "pente.route.ratings") String ratings,
                    @ConfigProperty(name = "pente.route.ai") String ai,
                    @ConfigProperty(name = "pente.route.timeout", defaultValue = "30s") Duration timeout) {
        this.targets = Map.of("games", games, "matchmaking", matchmaking, "ratings", ratings, "ai", ai);
        this.timeout = timeout;
    }

    private static final String ROUTE = "/{service:games|matchmaking|ratings|ai}{rest:(/.*)?}";

    @GET
    @Path(ROUTE)
    public Uni<Response> get(@PathParam("service") String service, @Context UriInfo uri, @Context HttpHeaders headers) {
        return forward("GET", service, uri, headers, null);
    }

    @POST
    @Path(ROUTE)
    public Uni<Response> post(@PathParam("service") String service, @Context UriInfo uri, @Context HttpHeaders headers, byte[] body) {
        return forward("POST", service, uri, headers, body);
    }

    @PUT
    @Path(ROUTE)
    public Uni<Response> put(@PathParam("service") String service, @Context UriInfo uri, @Context HttpHeaders headers, byte[] body) {
        return forward("PUT", service, uri, headers, body);
    }

    @DELETE
    @Path(ROUTE)
    public Uni<Response> delete(@PathParam("service") String service, @Context UriInfo uri, @Context HttpHeaders headers) {
        return forward("DELETE", service, uri, headers, null);
    }

    private Uni<Response> forward(String method, String service, UriInfo uri, HttpHeaders headers, byte[] body) {
        String path = uri.getRequestUri().getRawPath();
        if (path.contains("..") || path.toLowerCase(java.util.Locale.ROOT).matches(".*%(2f|5c|2e).*")) {
            // The path forwarded must be the one routed on: no dot segments or encoded separators.
            return Uni.createFrom().item(Response.status(Response.Status.BAD_REQUEST)
                    .entity(new ApiError("BAD_PATH", "the path may not contain dot segments or encoded separators"))
                    .type("application/json").build());
        }
        String query = uri.getRequestUri().getRawQuery();
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
                .onFailure().recoverWithItem(failure -> Response.status(Response.Status.SERVICE_UNAVAILABLE)
                        .entity(new ApiError("SERVICE_UNAVAILABLE", "the " + service + " service does not answer"))
                        .type("application/json").build());
    }
}

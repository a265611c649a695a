package club.pente.gateway.admin;

import club.pente.core.contract.Contracts;
import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The gateway's own GETs to the services for the staff pages (audit, status, health), asynchronous (never on the
 * event loop's time) and bounded by {@code pente.operations.call-timeout}; any failure is an answer, status -1.
 */
@ApplicationScoped
public class ServiceCalls {
    /** What a service answered: its status and JSON body (null when not JSON), or status -1 when it did not answer. */
    public record Reply(int status, JsonNode body) {
        public boolean ok() {
            return status == 200 && body != null;
        }

        /** {@code ok}, {@code unavailable} (no answer, 5xx, not JSON) or {@code refused:<status>} (a 4xx). */
        public String outcome() {
            if (ok()) {
                return "ok";
            }
            return status >= 400 && status < 500 ? "refused:" + status : "unavailable";
        }
    }

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private final Duration timeout;

    public ServiceCalls(OperationsSettings settings) {
        this.timeout = settings.callTimeout();
    }

    /** GET {@code url}, with the caller's Authorization header when there is one. */
    public Uni<Reply> get(String url, String authorization) {
        HttpRequest.Builder request;
        try {
            request = HttpRequest.newBuilder(URI.create(url)).timeout(timeout).header("Accept", "application/json").GET();
        } catch (IllegalArgumentException e) {
            return Uni.createFrom().item(new Reply(-1, null));
        }
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return Uni.createFrom().completionStage(() -> http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray()))
                .map(response -> new Reply(response.statusCode(), json(response.body())))
                .onFailure().recoverWithItem(new Reply(-1, null));
    }

    private static JsonNode json(byte[] body) {
        try {
            return body == null || body.length == 0 ? null : Contracts.json().readTree(body);
        } catch (java.io.IOException e) {
            return null;
        }
    }
}

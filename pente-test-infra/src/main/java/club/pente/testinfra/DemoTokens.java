package club.pente.testinfra;

import club.pente.stack.StackConfig;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Real access tokens from the running Keycloak for the demo users (alice/alice, bob/bob, admin/admin)
 * and for the services' client. Keycloak must be up: use {@link KeycloakTestResource} or {@link TestStack}.
 */
public final class DemoTokens {

    public static final String WEB_CLIENT = "pente-web";

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A token endpoint answer. */
    public record TokenResponse(String accessToken, String refreshToken, long expiresInSeconds) {
    }

    /** Refused by Keycloak: wrong password, unknown client, ... */
    public static final class TokenRefusedException extends RuntimeException {
        private final int status;

        TokenRefusedException(int status, String body) {
            super("token request refused with HTTP " + status + ": " + body);
            this.status = status;
        }

        public int status() {
            return status;
        }
    }

    private DemoTokens() {
    }

    /** {@code DemoTokens.accessToken("alice", "alice")}: password grant through the public web client. */
    public static String accessToken(String username, String password) {
        return passwordGrant(WEB_CLIENT, username, password).accessToken();
    }

    public static TokenResponse passwordGrant(String clientId, String username, String password) {
        return passwordGrant(StackConfig.fromEnv().realmUrl(), clientId, username, password);
    }

    public static TokenResponse passwordGrant(String realmUrl, String clientId, String username, String password) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "password");
        form.put("client_id", clientId);
        form.put("username", username);
        form.put("password", password);
        // openid, so that the token is also accepted by the userinfo endpoint.
        form.put("scope", "openid");
        return request(realmUrl, form);
    }

    /** Client credentials of the confidential services client; its token carries the realm role {@code service}. */
    public static String serviceToken() {
        StackConfig config = StackConfig.fromEnv();
        return request(config.realmUrl(), Map.of("grant_type", "client_credentials",
                "client_id", KeycloakTestResource.SERVICES_CLIENT, "client_secret", config.servicesSecret())).accessToken();
    }

    /** The payload of a JWT, not verified: for assertions on claims of a token the test just got. */
    public static JsonNode claims(String jwt) {
        String[] parts = jwt.split("\\.");
        try {
            return JSON.readTree(Base64.getUrlDecoder().decode(parts[1]));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static TokenResponse request(String realmUrl, Map<String, String> form) {
        String body = form.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        HttpRequest req = HttpRequest.newBuilder(URI.create(realmUrl + "/protocol/openid-connect/token"))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        try {
            HttpResponse<String> res = HTTP.send(req, HttpResponse.BodyHandlers.ofString());
            if (res.statusCode() != 200) {
                throw new TokenRefusedException(res.statusCode(), res.body());
            }
            JsonNode json = JSON.readTree(res.body());
            return new TokenResponse(json.path("access_token").asText(), json.path("refresh_token").asText(null),
                    json.path("expires_in").asLong());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot reach Keycloak at " + realmUrl, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

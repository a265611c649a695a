package club.pente.testinfra;

import club.pente.core.identity.GuestClaims;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.lang.JoseException;

/**
 * Real access tokens from the running Keycloak for the demo users (alice/alice, bob/bob, admin/admin)
 * and for the services' client. Keycloak must be up: use {@link KeycloakTestResource} or {@link TestStack}.
 * Also platform guest tokens signed with the development key pair in {@code deploy/keys} (tests and
 * {@code ./pente up} only), as the gateway signs them, and forged variants for refusal tests.
 */
public final class DemoTokens {

    public static final String WEB_CLIENT = "pente-web";

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A token endpoint answer; idToken is there when the scope asked for openid. */
    public record TokenResponse(String accessToken, String refreshToken, long expiresInSeconds, String idToken) {
    }

    /** A guest token and the guest it names. */
    public record GuestToken(String token, String id, String name) {
    }

    private static PrivateKey devGuestKey;

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
        return passwordGrant(TestStack.get().config().realmUrl(), clientId, username, password);
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
        StackConfig config = TestStack.get().config();
        return request(config.realmUrl(), Map.of("grant_type", "client_credentials",
                "client_id", KeycloakTestResource.SERVICES_CLIENT, "client_secret", config.servicesSecret())).accessToken();
    }

    /** A new guest, signed with the development key for an hour, exactly as the gateway signs guests. */
    public static GuestToken guest(String name) {
        String id = GuestClaims.newGuestId();
        return new GuestToken(signGuest(GuestClaims.claims(id, name, Instant.now(), Duration.ofHours(1))), id, name);
    }

    /** The token of {@link #guest(String)}. */
    public static String guestToken(String name) {
        return guest(name).token();
    }

    /**
     * Guest claims to alter before {@link #signGuest(Map)}: e.g. {@code put("sub", alicesId)} or other roles,
     * to show that a token signed with the guest key still cannot name an account or claim a role.
     */
    public static Map<String, Object> guestClaims(String name, Instant issuedAt, Duration lifetime) {
        return new LinkedHashMap<>(GuestClaims.claims(GuestClaims.newGuestId(), name, issuedAt, lifetime));
    }

    /** Signs any claims RS256 with the development guest key (the key the test services trust). */
    public static String signGuest(Map<String, Object> claims) {
        return signGuest(claims, devGuestPrivateKey());
    }

    /** Signs any claims RS256 with the given key, e.g. one no service trusts. */
    public static String signGuest(Map<String, Object> claims, PrivateKey key) {
        JwtClaims jwt = new JwtClaims();
        claims.forEach(jwt::setClaim);
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(jwt.toJson());
        jws.setKey(key);
        jws.setKeyIdHeaderValue(GuestClaims.KEY_ID);
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
        try {
            return jws.getCompactSerialization();
        } catch (JoseException e) {
            throw new IllegalStateException("cannot sign a guest test token", e);
        }
    }

    /**
     * The development guest public key as the base64 body of its PEM, one line (so that it also fits in a
     * {@code -D} property), as {@code ./pente up} passes it in PENTE_GUEST_PUBLIC_KEY.
     */
    public static String devGuestPublicKey() {
        return read(devKeyFile("guest-dev-public.pem")).replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
    }

    /** The development guest key file {@code deploy/keys/<name>}, found above the working directory. */
    public static Path devKeyFile(String name) {
        String relative = "deploy/keys/" + name;
        Path here = Path.of("").toAbsolutePath();
        for (Path dir = here; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(relative))) {
                return dir.resolve(relative);
            }
        }
        throw new IllegalStateException(relative + " not found above " + here);
    }

    public static synchronized PrivateKey devGuestPrivateKey() {
        if (devGuestKey == null) {
            String base64 = read(devKeyFile("guest-dev-private.pem")).replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
            try {
                devGuestKey = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("the development guest key is not a PKCS#8 RSA key", e);
            }
        }
        return devGuestKey;
    }

    private static String read(Path path) {
        try {
            return Files.readString(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
                    json.path("expires_in").asLong(), json.path("id_token").asText(null));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot reach Keycloak at " + realmUrl, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

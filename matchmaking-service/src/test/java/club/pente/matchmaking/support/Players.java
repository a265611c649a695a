package club.pente.matchmaking.support;

import club.pente.core.identity.GuestTokens;
import club.pente.testinfra.DemoTokens;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.time.Duration;
import java.time.Instant;

import static io.restassured.RestAssured.given;

/** Tokens for tests: real Keycloak accounts and guests signed with the development guest key. */
public final class Players {
    private static PrivateKey guestKey;

    /** A signed-in caller: bearer token plus the id and name it carries. */
    public record Tokened(String token, String id, String name) {
        public RequestSpecification request() {
            return given().auth().oauth2(token).contentType(ContentType.JSON);
        }
    }

    private Players() {
    }

    public static Tokened account(String user) {
        String token = DemoTokens.accessToken(user, user);
        return new Tokened(token, DemoTokens.claims(token).get("sub").asText(), user);
    }

    public static Tokened guest(String name) {
        String token = GuestTokens.issue(guestKey(), name, Duration.ofHours(1), Instant.now());
        return new Tokened(token, DemoTokens.claims(token).get("sub").asText(), name);
    }

    public static synchronized PrivateKey guestKey() {
        if (guestKey == null) {
            guestKey = GuestTokens.privateKey(read(repoFile("deploy/keys/guest-dev-private.pem")));
        }
        return guestKey;
    }

    /** Same claims and issuer, but signed with a key the service does not trust. */
    public static String forgedGuestToken(String name) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return GuestTokens.issue(generator.generateKeyPair().getPrivate(), name, Duration.ofHours(1), Instant.now());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String expiredGuestToken(String name) {
        return GuestTokens.issue(guestKey(), name, Duration.ofMinutes(5), Instant.now().minus(Duration.ofHours(1)));
    }

    private static Path repoFile(String relative) {
        Path here = Path.of("").toAbsolutePath();
        for (Path dir = here; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(relative))) {
                return dir.resolve(relative);
            }
        }
        throw new IllegalStateException(relative + " not found above " + here);
    }

    private static String read(Path path) {
        try {
            return Files.readString(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

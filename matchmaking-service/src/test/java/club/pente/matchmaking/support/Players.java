package club.pente.matchmaking.support;

import club.pente.testinfra.DemoTokens;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;

import static io.restassured.RestAssured.given;

/** Tokens for tests: real Keycloak accounts and guests signed with the development guest key. */
public final class Players {

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
        DemoTokens.GuestToken guest = DemoTokens.guest(name);
        return new Tokened(guest.token(), guest.id(), name);
    }

    /** Same claims and issuer, but signed with a key the service does not trust. */
    public static String forgedGuestToken(String name) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return DemoTokens.signGuest(DemoTokens.guestClaims(name, Instant.now(), Duration.ofHours(1)),
                    generator.generateKeyPair().getPrivate());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String expiredGuestToken(String name) {
        return DemoTokens.signGuest(DemoTokens.guestClaims(name, Instant.now().minus(Duration.ofHours(1)), Duration.ofMinutes(5)));
    }
}

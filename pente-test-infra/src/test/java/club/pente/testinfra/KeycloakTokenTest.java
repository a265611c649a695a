package club.pente.testinfra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import club.pente.stack.Deadline;
import club.pente.stack.StackConfig;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;
import org.jose4j.jwk.HttpsJwks;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.jwt.consumer.ErrorCodes;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.jose4j.keys.resolvers.HttpsJwksVerificationKeyResolver;
import org.jose4j.keys.resolvers.JwksVerificationKeyResolver;
import org.jose4j.keys.resolvers.VerificationKeyResolver;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Real tokens from the realm, checked by a verifying client (signature from JWKS, issuer, expiry). */
@StackTest
class KeycloakTokenTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static String issuer;

    @BeforeAll
    static void keycloak() {
        issuer = new KeycloakTestResource().start().get("quarkus.oidc.auth-server-url");
        assertThat(issuer).isEqualTo(TestStack.get().config().realmUrl());
    }

    @Test
    void alicesTokenIsValidAndCarriesThePlayerRoleOnly() throws Exception {
        JwtClaims claims = verifier(issuer, penteKeys()).processToClaims(DemoTokens.accessToken("alice", "alice"));

        assertThat(claims.getStringClaimValue("preferred_username")).isEqualTo("alice");
        assertThat(realmRoles(claims)).contains("player").doesNotContain("admin");
        assertThat(claims.getStringClaimValue("azp")).isEqualTo("pente-web");
        assertThat(claims.getAudience()).contains("pente-services");
    }

    @Test
    void adminsTokenCarriesTheAdminRole() throws Exception {
        JwtClaims claims = verifier(issuer, penteKeys()).processToClaims(DemoTokens.accessToken("admin", "admin"));

        assertThat(realmRoles(claims)).contains("admin", "player");
    }

    @Test
    void bobIsAPlayerToo() throws Exception {
        JwtClaims claims = verifier(issuer, penteKeys()).processToClaims(DemoTokens.accessToken("bob", "bob"));

        assertThat(realmRoles(claims)).contains("player").doesNotContain("admin");
    }

    @Test
    void theServicesClientGetsAServiceToken() throws Exception {
        JwtClaims claims = verifier(issuer, penteKeys()).processToClaims(DemoTokens.serviceToken());

        assertThat(claims.getStringClaimValue("azp")).isEqualTo("pente-services");
        assertThat(realmRoles(claims)).contains("service").doesNotContain("admin", "player");
        assertThat(claims.getAudience()).contains("pente-services");
    }

    @Test
    void aWrongPasswordGetsNoToken() {
        assertThatThrownBy(() -> DemoTokens.accessToken("alice", "bob"))
                .isInstanceOfSatisfying(DemoTokens.TokenRefusedException.class, e -> assertThat(e.status()).isEqualTo(401));
    }

    @Test
    void aTamperedSignatureIsRefused() throws Exception {
        String token = DemoTokens.accessToken("alice", "alice");
        String[] parts = token.split("\\.");
        char[] sig = parts[2].toCharArray();
        sig[sig.length / 2] = sig[sig.length / 2] == 'A' ? 'B' : 'A';
        String tampered = parts[0] + "." + parts[1] + "." + new String(sig);

        assertThatThrownBy(() -> verifier(issuer, penteKeys()).processToClaims(tampered))
                .isInstanceOf(InvalidJwtException.class)
                .hasMessageContaining("signature");
        assertThat(userinfoStatus(tampered)).isEqualTo(401);
    }

    @Test
    void aForgedPayloadIsRefused() throws Exception {
        // alice's header and signature with a payload that claims the admin role.
        String[] parts = DemoTokens.accessToken("alice", "alice").split("\\.");
        String payload = new String(java.util.Base64.getUrlDecoder().decode(parts[1])).replace("\"player\"", "\"admin\"");
        String forged = parts[0] + "." + java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(payload.getBytes()) + "." + parts[2];

        assertThatThrownBy(() -> verifier(issuer, penteKeys()).processToClaims(forged)).isInstanceOf(InvalidJwtException.class);
    }

    @Test
    void anExpiredTokenIsRefused() throws Exception {
        // This test-only client issues tokens that live one second.
        String token = DemoTokens.passwordGrant("pente-test-short-lived", "alice", "alice").accessToken();
        JsonNode payload = DemoTokens.claims(token);
        long iat = payload.path("iat").asLong();
        assertThat(payload.path("exp").asLong() - iat).isEqualTo(1);

        // At its issue time the token is good: only time is wrong with it later.
        JwtConsumer atIssue = verifierBuilder(issuer, penteKeys()).setEvaluationTime(NumericDate.fromSeconds(iat)).build();
        assertThat(atIssue.processToClaims(token).getSubject()).isNotBlank();

        // Keycloak itself says when it is expired; then the verifying client must refuse it as expired.
        assertThat(Deadline.after(Duration.ofSeconds(15)).await(() -> userinfoStatus(token) == 401, Duration.ofMillis(200)))
                .as("userinfo refuses the token once expired").isTrue();
        assertThatThrownBy(() -> verifier(issuer, penteKeys()).processToClaims(token))
                .isInstanceOfSatisfying(InvalidJwtException.class, e -> assertThat(e.hasExpired()).isTrue());
    }

    @Test
    void aTokenOfAnotherIssuerIsRefused() throws Exception {
        StackConfig config = TestStack.get().config();
        String masterRealm = config.keycloakUrl() + "/realms/master";
        String foreign = DemoTokens.passwordGrant(masterRealm, "admin-cli", config.keycloakAdmin(), config.keycloakAdminPassword()).accessToken();
        assertThat(DemoTokens.claims(foreign).path("iss").asText()).isEqualTo(masterRealm);

        // A pente verifier has no key for it ...
        assertThatThrownBy(() -> verifier(issuer, penteKeys()).processToClaims(foreign)).isInstanceOf(InvalidJwtException.class);
        // ... and even one that trusts both realms' keys refuses it for its issuer.
        List<JsonWebKey> both = new ArrayList<>(new HttpsJwks(issuer + "/protocol/openid-connect/certs").getJsonWebKeys());
        both.addAll(new HttpsJwks(masterRealm + "/protocol/openid-connect/certs").getJsonWebKeys());
        assertThatThrownBy(() -> verifier(issuer, new JwksVerificationKeyResolver(both)).processToClaims(foreign))
                .isInstanceOfSatisfying(InvalidJwtException.class, e -> assertThat(e.hasErrorCode(ErrorCodes.ISSUER_INVALID)).isTrue());
        // The same verifier accepts a pente token: the refusal above is about the issuer.
        assertThat(verifier(issuer, new JwksVerificationKeyResolver(both)).processToClaims(DemoTokens.accessToken("bob", "bob"))
                .getStringClaimValue("preferred_username")).isEqualTo("bob");
    }

    @Test
    void userinfoAcceptsAGoodToken() {
        assertThat(userinfoStatus(DemoTokens.accessToken("alice", "alice"))).isEqualTo(200);
    }

    private static VerificationKeyResolver penteKeys() {
        return new HttpsJwksVerificationKeyResolver(new HttpsJwks(issuer + "/protocol/openid-connect/certs"));
    }

    private static JwtConsumer verifier(String expectedIssuer, VerificationKeyResolver keys) {
        return verifierBuilder(expectedIssuer, keys).build();
    }

    private static JwtConsumerBuilder verifierBuilder(String expectedIssuer, VerificationKeyResolver keys) {
        return new JwtConsumerBuilder()
                .setRequireExpirationTime()
                .setRequireSubject()
                .setExpectedIssuer(expectedIssuer)
                .setSkipDefaultAudienceValidation()
                .setVerificationKeyResolver(keys);
    }

    @SuppressWarnings("unchecked")
    private static List<String> realmRoles(JwtClaims claims) throws Exception {
        java.util.Map<String, Object> realmAccess = (java.util.Map<String, Object>) claims.getClaimValue("realm_access");
        return realmAccess == null ? List.of() : (List<String>) realmAccess.get("roles");
    }

    private static int userinfoStatus(String token) {
        try {
            HttpRequest req = HttpRequest.newBuilder(URI.create(issuer + "/protocol/openid-connect/userinfo"))
                    .header("Authorization", "Bearer " + token).GET().build();
            return HTTP.send(req, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

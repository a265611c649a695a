package club.pente.core.identity;

import club.pente.core.contract.Contracts;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;

/**
 * The platform's signed guest identity: an RS256 JWT with issuer {@value #ISSUER}, subject
 * {@code guest:<uuid>}, the name people see, and the realm role {@code guest} in the same claim layout as
 * Keycloak's tokens ({@code realm_access.roles}), so services check roles the same way for both.
 * The gateway signs with the private key; services verify with the public key (Quarkus OIDC can do it
 * with {@code quarkus.oidc.<tenant>.public-key}; {@link #verify} is the plain-Java equivalent).
 */
public final class GuestTokens {
    public static final String ISSUER = "pente-guest";
    public static final String ROLE = "guest";
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getUrlDecoder();

    /** A verified guest. */
    public record Guest(String id, String name, Instant expiresAt) {
    }

    private GuestTokens() {
    }

    /** A new guest with a fresh id. */
    public static String issue(PrivateKey key, String name, Duration lifetime, Instant now) {
        return issue(key, "guest:" + UUID.randomUUID(), name, lifetime, now);
    }

    /** A token for an existing guest id, e.g. to renew it before it expires. */
    public static String issue(PrivateKey key, String guestId, String name, Duration lifetime, Instant now) {
        if (!guestId.startsWith("guest:")) {
            throw new IllegalArgumentException("guest ids start with guest:");
        }
        ObjectNode header = Contracts.json().createObjectNode().put("alg", "RS256").put("typ", "JWT").put("kid", "pente-guest");
        ObjectNode claims = Contracts.json().createObjectNode()
                .put("iss", ISSUER)
                .put("sub", guestId)
                .put("preferred_username", name)
                .put("iat", now.getEpochSecond())
                .put("exp", now.plus(lifetime).getEpochSecond());
        claims.putObject("realm_access").putArray("roles").add(ROLE);
        String signingInput = B64.encodeToString(header.toString().getBytes(StandardCharsets.UTF_8)) + "."
                + B64.encodeToString(claims.toString().getBytes(StandardCharsets.UTF_8));
        try {
            Signature signature = Signature.getInstance("SHA256withRSA");
            signature.initSign(key);
            signature.update(signingInput.getBytes(StandardCharsets.US_ASCII));
            return signingInput + "." + B64.encodeToString(signature.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign a guest token", e);
        }
    }

    /** Checks signature, issuer, subject and expiry; throws {@link InvalidGuestTokenException} with the reason. */
    public static Guest verify(PublicKey key, String token, Instant now) {
        String[] parts = token == null ? new String[0] : token.split("\\.");
        if (parts.length != 3) {
            throw new InvalidGuestTokenException("not a JWT");
        }
        try {
            JsonNode header = Contracts.json().readTree(B64D.decode(parts[0]));
            if (!"RS256".equals(header.path("alg").asText())) {
                throw new InvalidGuestTokenException("unexpected algorithm " + header.path("alg").asText());
            }
            Signature signature = Signature.getInstance("SHA256withRSA");
            signature.initVerify(key);
            signature.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
            if (!signature.verify(B64D.decode(parts[2]))) {
                throw new InvalidGuestTokenException("bad signature");
            }
            JsonNode claims = Contracts.json().readTree(B64D.decode(parts[1]));
            if (!ISSUER.equals(claims.path("iss").asText())) {
                throw new InvalidGuestTokenException("issuer is not " + ISSUER);
            }
            String subject = claims.path("sub").asText();
            if (!subject.startsWith("guest:")) {
                throw new InvalidGuestTokenException("subject is not a guest");
            }
            Instant expiresAt = Instant.ofEpochSecond(claims.path("exp").asLong());
            if (!now.isBefore(expiresAt)) {
                throw new InvalidGuestTokenException("expired");
            }
            return new Guest(subject, claims.path("preferred_username").asText(subject), expiresAt);
        } catch (InvalidGuestTokenException e) {
            throw e;
        } catch (Exception e) {
            throw new InvalidGuestTokenException("unreadable: " + e.getMessage());
        }
    }

    public static PrivateKey privateKey(String pem) {
        try {
            return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der(pem)));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not a PKCS#8 RSA private key", e);
        }
    }

    public static PublicKey publicKey(String pem) {
        try {
            return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(der(pem)));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not an X.509 RSA public key", e);
        }
    }

    private static byte[] der(String pem) {
        String base64 = pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        return Base64.getDecoder().decode(base64);
    }
}

package club.pente.gateway.identity;

import club.pente.core.identity.GuestClaims;
import io.smallrye.jwt.algorithm.SignatureAlgorithm;
import io.smallrye.jwt.build.Jwt;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;

/** Signs guest identities with SmallRye JWT: the claims of {@link GuestClaims}, RS256, the guest key. */
@ApplicationScoped
public class GuestSigner {
    /** A signed guest token and what it says. */
    public record Signed(String token, String id, String name, Instant expiresAt) {
    }

    private final GuestKeys keys;

    public GuestSigner(GuestKeys keys) {
        this.keys = keys;
    }

    /** A new guest with a fresh {@code guest:<uuid>} id. */
    public Signed newGuest(String name, Duration lifetime) {
        Instant now = Instant.now();
        String id = GuestClaims.newGuestId();
        String token = Jwt.claims(GuestClaims.claims(id, name, now, lifetime))
                .jws().keyId(GuestClaims.KEY_ID).algorithm(SignatureAlgorithm.RS256)
                .sign(keys.privateKey());
        return new Signed(token, id, name, Instant.ofEpochSecond(now.plus(lifetime).getEpochSecond()));
    }
}

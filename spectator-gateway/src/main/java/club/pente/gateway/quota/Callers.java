package club.pente.gateway.quota;

import club.pente.gateway.identity.Identities;
import club.pente.gateway.identity.Identity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Who a proxied request is, for its quota: the identity its bearer token proves (verified, so that nobody
 * can spend someone else's quota by naming them), or empty for no token or one that does not verify (the
 * service behind answers 401 for those; the address limit still applies).
 */
@ApplicationScoped
public class Callers {
    private static final int MAX_TOKEN = 8192;
    /** Only what could be a signed JWT is verified; anything else is not worth a verification (or an introspection). */
    private static final Pattern JWT = Pattern.compile("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");

    private final Identities identities;

    public Callers(Identities identities) {
        this.identities = identities;
    }

    public Uni<Optional<String>> identity(String authorization) {
        return verified(authorization).map(identity -> identity.map(Identity::id));
    }

    /** The whole verified identity (with its realm roles), or empty for no token or one that does not verify. */
    public Uni<Optional<Identity>> verified(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return Uni.createFrom().item(Optional.empty());
        }
        String token = authorization.substring(7).strip();
        if (token.length() > MAX_TOKEN || !JWT.matcher(token).matches()) {
            return Uni.createFrom().item(Optional.empty());
        }
        return identities.verify(token)
                .map(Optional::of)
                .onFailure().recoverWithItem(Optional.empty());
    }
}

package club.pente.matchmaking.rest;

import club.pente.core.contract.PlayerRef;
import club.pente.kit.rest.ApiException;
import club.pente.matchmaking.application.Player;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.enterprise.context.RequestScoped;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** The verified caller of this request as a {@link Player}: subject, display name, account or guest. */
@RequestScoped
public class Caller {
    public static final String PLAYER_ROLE = "player";
    public static final String GUEST_ROLE = "guest";

    private final JsonWebToken token;
    private final SecurityIdentity identity;

    public Caller(JsonWebToken token, SecurityIdentity identity) {
        this.token = token;
        this.identity = identity;
    }

    /** The caller when the request carries a verified token, null for an anonymous one (public reads). */
    public Player playerOrNull() {
        if (identity.isAnonymous()) {
            return null;
        }
        try {
            return player();
        } catch (ApiException e) {
            return null; // a verified token that is not a player's: read as anonymous
        }
    }

    public Player player() {
        String id = token.getSubject();
        if (id == null || id.isBlank()) {
            throw new ApiException(401, "UNAUTHENTICATED", "the token names no subject");
        }
        boolean guest = identity.hasRole(GUEST_ROLE) && PlayerRef.kindOf(id) == PlayerRef.Kind.GUEST;
        boolean account = identity.hasRole(PLAYER_ROLE) && PlayerRef.kindOf(id) == PlayerRef.Kind.ACCOUNT;
        if (!guest && !account) {
            throw ApiException.forbidden("NOT_A_PLAYER", "only players and guests use matchmaking");
        }
        String name = token.getClaim("preferred_username");
        return new Player(id, name == null || name.isBlank() ? id : name, account);
    }
}

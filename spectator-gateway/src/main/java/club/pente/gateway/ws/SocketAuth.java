package club.pente.gateway.ws;

import club.pente.gateway.identity.Identities;
import club.pente.gateway.identity.Identity;
import io.quarkus.websockets.next.CloseReason;
import io.quarkus.websockets.next.WebSocketConnection;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Optional;
import java.util.function.Function;

/**
 * An {@code auth} frame on any socket: the token is verified (Keycloak or guest; a token that is not valid
 * closes the socket with 4401) and the identity takes its place among that person's sockets (4429 when
 * they already have their limit, {@link SocketSlots}); only then does the socket learn who it is.
 */
@ApplicationScoped
public class SocketAuth {
    static final int INVALID_TOKEN = 4401;

    private final Identities identities;
    private final SocketSlots slots;

    public SocketAuth(Identities identities, SocketSlots slots) {
        this.identities = identities;
        this.slots = slots;
    }

    Uni<Void> authenticate(WebSocketConnection connection, String token, Function<Identity, Uni<Void>> verified) {
        return identities.verify(token).map(Optional::of).onFailure().recoverWithItem(Optional.empty())
                .chain(identity -> {
                    if (identity.isEmpty()) {
                        return connection.close(new CloseReason(INVALID_TOKEN, "invalid token"));
                    }
                    if (!slots.identify(connection, identity.get().id())) {
                        return connection.close(new CloseReason(GameSocket.TOO_MANY, "too many sockets for this player"));
                    }
                    return verified.apply(identity.get());
                });
    }
}

package club.pente.gateway.ws;

import club.pente.gateway.http.ClientAddress;
import club.pente.gateway.quota.Quotas;
import io.quarkus.websockets.next.UserData;
import io.quarkus.websockets.next.WebSocketConnection;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The places sockets hold in the per-address and per-identity limits: one per address from open to
 * close, and one per identity from a successful {@code auth} to close (a second auth of the same
 * identity on the same socket takes no second place; another identity swaps it).
 */
@ApplicationScoped
public class SocketSlots {
    /** Set by {@link SocketAdmission} at the handshake: the client's address as the HTTP layer saw it. */
    static final UserData.TypedKey<String> ADDRESS = UserData.TypedKey.forString("pente.client-address");

    private final Quotas quotas;
    private final Map<String, String> addresses = new ConcurrentHashMap<>();
    private final Map<String, String> identities = new ConcurrentHashMap<>();

    public SocketSlots(Quotas quotas) {
        this.quotas = quotas;
    }

    static String address(WebSocketConnection connection) {
        String address = connection.userData().get(ADDRESS);
        return address != null ? address : ClientAddress.keyOfSocketAddress(connection.handshakeRequest().remoteAddress());
    }

    /** Takes the socket's place for its address; false when the address already has its limit. */
    boolean open(WebSocketConnection connection) {
        String address = address(connection);
        if (!quotas.socketsPerAddress().tryAcquire(address)) {
            return false;
        }
        addresses.put(connection.id(), address);
        return true;
    }

    /** Takes the socket's place for the identity it proved; false when that identity already has its limit. */
    boolean identify(WebSocketConnection connection, String identityId) {
        String held = identities.get(connection.id());
        if (identityId.equals(held)) {
            return true;
        }
        if (!quotas.socketsPerIdentity().tryAcquire(identityId)) {
            return false;
        }
        if (held != null && identities.remove(connection.id(), held)) {
            quotas.socketsPerIdentity().release(held);
        }
        identities.put(connection.id(), identityId);
        if (connection.isClosed()) {
            release(connection); // closed while the token was being verified
        }
        return true;
    }

    void release(WebSocketConnection connection) {
        String address = addresses.remove(connection.id());
        if (address != null) {
            quotas.socketsPerAddress().release(address);
        }
        String identity = identities.remove(connection.id());
        if (identity != null) {
            quotas.socketsPerIdentity().release(identity);
        }
    }
}

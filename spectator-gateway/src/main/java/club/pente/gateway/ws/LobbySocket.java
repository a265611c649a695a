package club.pente.gateway.ws;

import club.pente.gateway.identity.Identities;
import club.pente.gateway.identity.Identity;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.websockets.next.CloseReason;
import io.quarkus.websockets.next.OnClose;
import io.quarkus.websockets.next.OnError;
import io.quarkus.websockets.next.OnOpen;
import io.quarkus.websockets.next.OnTextMessage;
import io.quarkus.websockets.next.WebSocket;
import io.quarkus.websockets.next.WebSocketConnection;
import io.smallrye.mutiny.Uni;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code /ws/lobby}: lobby numbers as they change; {@code {"type":"auth","token":...}} adds personal
 * notifications. The same limits as game sockets ({@link SocketSlots}).
 */
@WebSocket(path = "/ws/lobby")
public class LobbySocket {
    private final LobbySockets lobby;
    private final Identities identities;
    private final SocketSlots slots;
    private final Map<String, RateLimit> limits = new ConcurrentHashMap<>();

    public LobbySocket(LobbySockets lobby, Identities identities, SocketSlots slots) {
        this.lobby = lobby;
        this.identities = identities;
        this.slots = slots;
    }

    @OnOpen
    public Uni<Void> open(WebSocketConnection connection) {
        if (!slots.open(connection)) {
            return connection.close(new CloseReason(GameSocket.TOO_MANY, "too many sockets from this address"));
        }
        limits.put(connection.id(), new RateLimit(10, 1));
        lobby.join(connection, "addr:" + SocketSlots.address(connection));
        return Uni.createFrom().voidItem();
    }

    @OnClose
    public void close(WebSocketConnection connection) {
        limits.remove(connection.id());
        slots.release(connection);
        lobby.leave(connection);
    }

    @OnError
    public Uni<Void> error(WebSocketConnection connection, Throwable failure) {
        return SocketErrors.close(connection, failure);
    }

    @OnTextMessage
    public Uni<Void> message(WebSocketConnection connection, String text) {
        RateLimit limit = limits.get(connection.id());
        if (limit != null && !limit.allow()) {
            return connection.close(new CloseReason(1008, "too many messages"));
        }
        try {
            JsonNode message = SocketMessages.parse(text);
            String type = SocketMessages.type(message);
            if ("auth".equals(type)) {
                return auth(connection, SocketMessages.token(message));
            }
            if ("ping".equals(type)) {
                return connection.sendText(GameSockets.message("pong").toString());
            }
            return error(connection, "unknown message type");
        } catch (SocketMessages.BadMessage e) {
            return error(connection, e.getMessage());
        }
    }

    private Uni<Void> auth(WebSocketConnection connection, String token) {
        return identities.verify(token).map(Optional::of).onFailure().recoverWithItem(Optional.empty())
                .chain(verified -> {
                    if (verified.isEmpty()) {
                        return connection.close(new CloseReason(4401, "invalid token"));
                    }
                    Identity identity = verified.get();
                    if (!slots.identify(connection, identity.id())) {
                        return connection.close(new CloseReason(GameSocket.TOO_MANY, "too many sockets for this player"));
                    }
                    lobby.identify(connection, identity);
                    return connection.sendText(GameSockets.message("welcome").put("playerId", identity.id())
                            .put("name", identity.name()).put("guest", identity.guest()).toString());
                });
    }

    private static Uni<Void> error(WebSocketConnection connection, String reason) {
        return connection.sendText(GameSockets.message("error").put("message", reason).toString());
    }
}

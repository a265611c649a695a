package club.pente.gateway.ws;

import club.pente.gateway.identity.Identities;
import club.pente.gateway.identity.Identity;
import club.pente.gateway.ws.protocol.BadFrame;
import club.pente.gateway.ws.protocol.ClientFrame;
import club.pente.gateway.ws.protocol.ServerFrame;
import club.pente.gateway.ws.protocol.SocketCodec;
import club.pente.gateway.ws.protocol.SocketKind;
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
 * notifications ({@link SocketKind#LOBBY} takes auth and ping). The same limits as game sockets
 * ({@link SocketSlots}); a refused frame is answered with an error and never counted.
 */
@WebSocket(path = "/ws/lobby")
public class LobbySocket {
    private final LobbySockets lobby;
    private final Identities identities;
    private final SocketSlots slots;
    private final SocketSender sender;
    private final Map<String, RateLimit> limits = new ConcurrentHashMap<>();

    public LobbySocket(LobbySockets lobby, Identities identities, SocketSlots slots, SocketSender sender) {
        this.lobby = lobby;
        this.identities = identities;
        this.slots = slots;
        this.sender = sender;
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
        ClientFrame frame;
        try {
            frame = SocketCodec.decode(text, SocketKind.LOBBY);
        } catch (BadFrame e) {
            return error(connection, e.getMessage());
        }
        if (frame instanceof ClientFrame.Auth auth) {
            return auth(connection, auth.token());
        }
        return sender.reply(connection, new ServerFrame.Pong());
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
                    return sender.reply(connection, new ServerFrame.LobbyWelcome(identity.id(), identity.name(), identity.guest()));
                });
    }

    private Uni<Void> error(WebSocketConnection connection, String reason) {
        return sender.reply(connection, new ServerFrame.Error(reason));
    }
}

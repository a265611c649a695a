package club.pente.gateway.ws;

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


/**
 * {@code /ws/lobby}: lobby numbers as they change; {@code {"type":"auth","token":...}} adds personal
 * notifications ({@link SocketKind#LOBBY} takes auth and ping). The same limits as game sockets
 * ({@link SocketSlots}); a refused frame is answered with an error and never counted.
 */
@WebSocket(path = "/ws/lobby")
public class LobbySocket {
    private final LobbySockets lobby;
    private final SocketAuth auth;
    private final SocketSlots slots;
    private final SocketSender sender;
    private final MessageRates rates = new MessageRates(10, 1);

    public LobbySocket(LobbySockets lobby, SocketAuth auth, SocketSlots slots, SocketSender sender) {
        this.lobby = lobby;
        this.auth = auth;
        this.slots = slots;
        this.sender = sender;
    }

    @OnOpen
    public Uni<Void> open(WebSocketConnection connection) {
        if (!slots.open(connection)) {
            return connection.close(new CloseReason(GameSocket.TOO_MANY, "too many sockets from this address"));
        }
        rates.open(connection);
        lobby.join(connection, "addr:" + SocketSlots.address(connection));
        return Uni.createFrom().voidItem();
    }

    @OnClose
    public void close(WebSocketConnection connection) {
        rates.close(connection);
        slots.release(connection);
        lobby.leave(connection);
    }

    @OnError
    public Uni<Void> error(WebSocketConnection connection, Throwable failure) {
        return SocketErrors.close(connection, failure);
    }

    @OnTextMessage
    public Uni<Void> message(WebSocketConnection connection, String text) {
        if (!rates.allow(connection)) {
            return connection.close(MessageRates.FLOOD);
        }
        ClientFrame frame;
        try {
            frame = SocketCodec.decode(text, SocketKind.LOBBY);
        } catch (BadFrame e) {
            return error(connection, e.getMessage());
        }
        if (frame instanceof ClientFrame.Auth token) {
            return auth.authenticate(connection, token.token(), identity -> {
                lobby.identify(connection, identity);
                return sender.reply(connection, new ServerFrame.LobbyWelcome(identity.id(), identity.name(), identity.guest()));
            });
        }
        return sender.reply(connection, new ServerFrame.Pong());
    }

    private Uni<Void> error(WebSocketConnection connection, String reason) {
        return sender.reply(connection, new ServerFrame.Error(reason));
    }
}

package club.pente.gateway.ws;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.Resign;
import club.pente.gateway.identity.Identity;
import club.pente.gateway.messaging.CommandSender;
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

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code /ws/games/{id}[?v=N]}: a snapshot (or, with {@code v}, the events after version N when still
 * buffered), then every event live. Frames from the browser ({@link ClientFrame}, read by {@link SocketCodec}):
 * {@code {"type":"auth","token":...}}, {@code {"type":"move","point":"K10","expectedPly":n,"commandId":...}},
 * {@code {"type":"resign","commandId":...}}. Moves carry the identity verified here, never one the client
 * names; the gateway acknowledges receipt and the MovePlayed event is the confirmation. A malformed or
 * wrong-typed message gets an error message and changes nothing (more than five unreadable ones close the
 * socket with 1003); a socket over a limit is closed with 4429 (see {@link SocketSlots}).
 */
@WebSocket(path = "/ws/games/{id}")
public class GameSocket {
    static final int TOO_MANY = 4429;
    private static final int MAX_BAD_MESSAGES = 5;

    private final GameRooms rooms;
    private final RoomFanOut fanOut;
    private final SocketAuth auth;
    private final CommandSender commands;
    private final SocketSlots slots;
    private final SocketSender sender;
    private final MessageRates rates = new MessageRates(20, 5);
    private final Map<String, Integer> badMessages = new ConcurrentHashMap<>();

    public GameSocket(GameRooms rooms, RoomFanOut fanOut, SocketAuth auth, CommandSender commands, SocketSlots slots,
                      SocketSender sender) {
        this.rooms = rooms;
        this.fanOut = fanOut;
        this.auth = auth;
        this.commands = commands;
        this.slots = slots;
        this.sender = sender;
    }

    @OnOpen
    public Uni<Void> open(WebSocketConnection connection) {
        if (!slots.open(connection)) {
            return connection.close(new CloseReason(TOO_MANY, "too many sockets from this address"));
        }
        Map<String, String> query = Query.parse(connection.handshakeRequest().query());
        Long resume = null;
        if (query.containsKey("v")) {
            try {
                resume = Long.parseLong(query.get("v"));
            } catch (NumberFormatException e) {
                resume = null; // a bad v just means a fresh snapshot
            }
        }
        rates.open(connection);
        // Anonymous viewers count once per address: a client-chosen key (the old ?viewer=) is not trusted.
        fanOut.join(connection, connection.pathParam("id"), resume, "addr:" + SocketSlots.address(connection));
        return Uni.createFrom().voidItem();
    }

    @OnClose
    public void close(WebSocketConnection connection) {
        rates.close(connection);
        badMessages.remove(connection.id());
        slots.release(connection);
        rooms.leave(connection);
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
            frame = SocketCodec.decode(text, SocketKind.GAME);
        } catch (BadFrame e) {
            // Unreadable frames count towards closing the socket; the rest is answered in the order the
            // socket checks it: a frame for no game, an unknown type (counted), a bad field.
            if (e.kind() == BadFrame.Kind.UNREADABLE) {
                return bad(connection, e.getMessage());
            }
            if (rooms.viewer(connection) == null) {
                return error(connection, "not watching a game");
            }
            return e.kind() == BadFrame.Kind.UNKNOWN_TYPE ? bad(connection, e.getMessage()) : error(connection, e.getMessage());
        }
        Viewer viewer = rooms.viewer(connection);
        if (viewer == null) {
            return error(connection, "not watching a game");
        }
        if (frame instanceof ClientFrame.Auth token) {
            return auth(connection, viewer, token.token());
        }
        if (frame instanceof ClientFrame.Move move) {
            return move(connection, viewer, move);
        }
        if (frame instanceof ClientFrame.Resign resign) {
            return resign(connection, viewer, resign.commandId());
        }
        return sender.reply(connection, new ServerFrame.Pong());
    }

    private Uni<Void> auth(WebSocketConnection connection, Viewer viewer, String token) {
        return auth.authenticate(connection, token, identity -> {
            rooms.identify(connection, viewer, identity);
            GameRoom room = rooms.room(connection.pathParam("id"));
            return sender.reply(connection, new ServerFrame.GameWelcome(identity.id(), identity.name(), room.isPlayer(identity.id())));
        });
    }

    private Uni<Void> move(WebSocketConnection connection, Viewer viewer, ClientFrame.Move move) {
        Identity identity = viewer.identity();
        String gameId = connection.pathParam("id");
        if (identity == null) {
            return error(connection, "sign in or continue as a guest to play");
        }
        if (identity.expired(Instant.now())) {
            return error(connection, "your sign-in has expired: authenticate again");
        }
        if (!rooms.room(gameId).isPlayer(identity.id())) {
            return error(connection, "you do not play in this game");
        }
        PlayMove command;
        try {
            command = new PlayMove(Contracts.SCHEMA_VERSION, move.commandId(), gameId, identity.id(), move.expectedPly(),
                    move.point(), Contracts.now());
        } catch (IllegalArgumentException e) {
            return error(connection, e.getMessage());
        }
        return commands.send(command)
                .chain(() -> sender.reply(connection, new ServerFrame.Ack(command.commandId())));
    }

    private Uni<Void> resign(WebSocketConnection connection, Viewer viewer, String commandId) {
        Identity identity = viewer.identity();
        String gameId = connection.pathParam("id");
        if (identity != null && identity.expired(Instant.now())) {
            return error(connection, "your sign-in has expired: authenticate again");
        }
        if (identity == null || !rooms.room(gameId).isPlayer(identity.id())) {
            return error(connection, "only a player of this game can resign");
        }
        try {
            new Resign(Contracts.SCHEMA_VERSION, commandId, gameId, identity.id(), Contracts.now()); // refuse a bad id the client sent
        } catch (IllegalArgumentException e) {
            return error(connection, e.getMessage());
        }
        // The id of a resignation is made here, never the client's: its GameEnded must not answer somebody
        // else's pending command that happens to carry the same id (game-service CommandOutcomes).
        Resign command = Resign.of(gameId, identity.id());
        return commands.send(command)
                .chain(() -> sender.reply(connection, new ServerFrame.Ack(command.commandId())));
    }

    private Uni<Void> bad(WebSocketConnection connection, String reason) {
        int count = badMessages.merge(connection.id(), 1, Integer::sum);
        if (count > MAX_BAD_MESSAGES) {
            return connection.close(new CloseReason(1003, "too many unreadable messages"));
        }
        return error(connection, reason);
    }

    private Uni<Void> error(WebSocketConnection connection, String reason) {
        return sender.reply(connection, new ServerFrame.Error(reason));
    }
}

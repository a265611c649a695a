package club.pente.gateway.ws;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.Resign;
import club.pente.gateway.identity.Identities;
import club.pente.gateway.identity.Identity;
import club.pente.gateway.messaging.CommandSender;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.websockets.next.CloseReason;
import io.quarkus.websockets.next.OnClose;
import io.quarkus.websockets.next.OnOpen;
import io.quarkus.websockets.next.OnTextMessage;
import io.quarkus.websockets.next.WebSocket;
import io.quarkus.websockets.next.WebSocketConnection;
import io.smallrye.mutiny.Uni;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code /ws/games/{id}[?v=N][&viewer=K]}: a snapshot (or, with {@code v}, the events after version N
 * when still buffered), then every event live. Messages from the browser:
 * {@code {"type":"auth","token":...}}, {@code {"type":"move","point":"K10","expectedPly":n,"commandId":...}},
 * {@code {"type":"resign","commandId":...}}. Moves carry the identity verified here, never one the client
 * names; the gateway acknowledges receipt and the MovePlayed event is the confirmation.
 */
@WebSocket(path = "/ws/games/{id}")
public class GameSocket {
    private static final int MAX_BAD_MESSAGES = 5;

    private final GameSockets sockets;
    private final Identities identities;
    private final CommandSender commands;
    private final Map<String, RateLimit> limits = new ConcurrentHashMap<>();
    private final Map<String, Integer> badMessages = new ConcurrentHashMap<>();

    public GameSocket(GameSockets sockets, Identities identities, CommandSender commands) {
        this.sockets = sockets;
        this.identities = identities;
        this.commands = commands;
    }

    @OnOpen
    public void open(WebSocketConnection connection) {
        Map<String, String> query = Query.parse(connection.handshakeRequest().query());
        Long resume = null;
        if (query.containsKey("v")) {
            try {
                resume = Long.parseLong(query.get("v"));
            } catch (NumberFormatException e) {
                resume = null; // a bad v just means a fresh snapshot
            }
        }
        limits.put(connection.id(), new RateLimit(20, 5));
        sockets.join(connection, connection.pathParam("id"), resume, query.get("viewer"));
    }

    @OnClose
    public void close(WebSocketConnection connection) {
        limits.remove(connection.id());
        badMessages.remove(connection.id());
        sockets.leave(connection);
    }

    @OnTextMessage
    public Uni<Void> message(WebSocketConnection connection, String text) {
        RateLimit limit = limits.get(connection.id());
        if (limit != null && !limit.allow()) {
            return connection.close(new CloseReason(1008, "too many messages"));
        }
        JsonNode message;
        try {
            message = Contracts.json().readTree(text);
        } catch (Exception e) {
            return bad(connection, "messages are JSON objects with a type");
        }
        String type = message.path("type").asText("");
        Viewer viewer = sockets.viewer(connection);
        if (viewer == null) {
            return error(connection, "not watching a game");
        }
        return switch (type) {
            case "auth" -> identities.verify(message.path("token").asText(null))
                    .onItem().transformToUni(identity -> {
                        viewer.identify(identity);
                        sockets.announceSpectators(sockets.room(connection.pathParam("id")));
                        boolean player = sockets.room(connection.pathParam("id")).isPlayer(identity.id());
                        return connection.sendText(GameSockets.message("welcome").put("playerId", identity.id())
                                .put("name", identity.name()).put("player", player).toString());
                    })
                    .onFailure().recoverWithUni(failure -> connection.close(new CloseReason(4401, "invalid token")));
            case "move" -> move(connection, viewer, message);
            case "resign" -> resign(connection, viewer, message);
            case "ping" -> connection.sendText(GameSockets.message("pong").toString());
            default -> bad(connection, "unknown message type '" + type + "'");
        };
    }

    private Uni<Void> move(WebSocketConnection connection, Viewer viewer, JsonNode message) {
        Identity identity = viewer.identity();
        String gameId = connection.pathParam("id");
        if (identity == null) {
            return error(connection, "sign in or continue as a guest to play");
        }
        if (identity.expired(Instant.now())) {
            return error(connection, "your sign-in has expired: authenticate again");
        }
        if (!sockets.room(gameId).isPlayer(identity.id())) {
            return error(connection, "you do not play in this game");
        }
        String point = message.path("point").asText("");
        int expectedPly = message.path("expectedPly").asInt(0);
        if (point.isBlank() || expectedPly < 1) {
            return error(connection, "a move needs a point and the expectedPly");
        }
        String commandId = message.hasNonNull("commandId") ? message.get("commandId").asText() : Contracts.newId();
        PlayMove command = new PlayMove(Contracts.SCHEMA_VERSION, commandId, gameId, identity.id(), expectedPly, point, Contracts.now());
        return commands.send(command)
                .chain(() -> connection.sendText(GameSockets.message("ack").put("commandId", commandId).toString()));
    }

    private Uni<Void> resign(WebSocketConnection connection, Viewer viewer, JsonNode message) {
        Identity identity = viewer.identity();
        String gameId = connection.pathParam("id");
        if (identity != null && identity.expired(Instant.now())) {
            return error(connection, "your sign-in has expired: authenticate again");
        }
        if (identity == null || !sockets.room(gameId).isPlayer(identity.id())) {
            return error(connection, "only a player of this game can resign");
        }
        Resign command = Resign.of(gameId, identity.id());
        return commands.send(command)
                .chain(() -> connection.sendText(GameSockets.message("ack").put("commandId", command.commandId()).toString()));
    }

    private Uni<Void> bad(WebSocketConnection connection, String reason) {
        int count = badMessages.merge(connection.id(), 1, Integer::sum);
        if (count > MAX_BAD_MESSAGES) {
            return connection.close(new CloseReason(1003, "too many unreadable messages"));
        }
        return error(connection, reason);
    }

    private static Uni<Void> error(WebSocketConnection connection, String reason) {
        return connection.sendText(GameSockets.message("error").put("message", reason).toString());
    }
}

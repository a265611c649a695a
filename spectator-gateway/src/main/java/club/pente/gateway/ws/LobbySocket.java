package club.pente.gateway.ws;

import club.pente.core.contract.Contracts;
import club.pente.gateway.identity.Identities;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.websockets.next.CloseReason;
import io.quarkus.websockets.next.OnClose;
import io.quarkus.websockets.next.OnOpen;
import io.quarkus.websockets.next.OnTextMessage;
import io.quarkus.websockets.next.WebSocket;
import io.quarkus.websockets.next.WebSocketConnection;
import io.smallrye.mutiny.Uni;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** {@code /ws/lobby[?viewer=K]}: lobby numbers as they change; {@code {"type":"auth","token":...}} adds personal notifications. */
@WebSocket(path = "/ws/lobby")
public class LobbySocket {
    private final LobbySockets lobby;
    private final Identities identities;
    private final Map<String, RateLimit> limits = new ConcurrentHashMap<>();

    public LobbySocket(LobbySockets lobby, Identities identities) {
        this.lobby = lobby;
        this.identities = identities;
    }

    @OnOpen
    public void open(WebSocketConnection connection) {
        limits.put(connection.id(), new RateLimit(10, 1));
        lobby.join(connection, Query.parse(connection.handshakeRequest().query()).get("viewer"));
    }

    @OnClose
    public void close(WebSocketConnection connection) {
        limits.remove(connection.id());
        lobby.leave(connection);
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
            return connection.sendText(GameSockets.message("error").put("message", "messages are JSON objects with a type").toString());
        }
        if ("auth".equals(message.path("type").asText())) {
            return identities.verify(message.path("token").asText(null))
                    .onItem().transformToUni(identity -> {
                        lobby.identify(connection, identity);
                        return connection.sendText(GameSockets.message("welcome").put("playerId", identity.id())
                                .put("name", identity.name()).put("guest", identity.guest()).toString());
                    })
                    .onFailure().recoverWithUni(failure -> connection.close(new CloseReason(4401, "invalid token")));
        }
        return connection.sendText(GameSockets.message("error").put("message", "unknown message type").toString());
    }
}

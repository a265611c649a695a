package club.pente.gateway.ws;

import club.pente.gateway.identity.Identity;
import club.pente.gateway.presence.Presence;
import club.pente.gateway.rest.GameServiceClient;
import club.pente.gateway.rest.MatchmakingClient;
import club.pente.core.contract.Contracts;
import club.pente.gateway.ws.protocol.ServerFrame;
import club.pente.gateway.ws.protocol.SocketCodec;
import club.pente.gateway.ws.protocol.SocketKind;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.websockets.next.WebSocketConnection;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.rest.client.inject.RestClient;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The lobby's live numbers for every lobby socket: players online (all gateways), players searching
 * (matchmaking), live games (the authority), and personal notifications such as "your game is ready" or "your turn".
 * Signed-in sockets are indexed by player id, so a notification (one per move, for "your turn") is a map lookup, never
 * a scan of every lobby socket.
 */
@ApplicationScoped
public class LobbySockets {
    private record Member(WebSocketConnection connection, String anonymousKey, AtomicReference<Identity> identity) {
        String key() {
            Identity id = identity.get();
            return id != null ? id.id() : anonymousKey;
        }
    }

    private final Map<String, Member> members = new ConcurrentHashMap<>();
    /** Player id -> that player's authenticated lobby sockets here (connection id -> connection). */
    private final Map<String, Map<String, WebSocketConnection>> byPlayer = new ConcurrentHashMap<>();
    private final Presence presence;
    private final GameRooms games;
    private final GameServiceClient gameService;
    private final MatchmakingClient matchmaking;
    private final SocketSender sender;
    private final AtomicReference<JsonNode> liveGames = new AtomicReference<>(Contracts.json().createArrayNode());
    private final AtomicInteger searching = new AtomicInteger();
    private volatile String lastState = "";
    private volatile boolean gamesChanged = true;

    public LobbySockets(Presence presence, GameRooms games, @RestClient GameServiceClient gameService,
                        @RestClient MatchmakingClient matchmaking, SocketSender sender) {
        this.presence = presence;
        this.games = games;
        this.gameService = gameService;
        this.matchmaking = matchmaking;
        this.sender = sender;
    }

    /** @param anonymousKey how this socket counts until it authenticates: its address */
    void join(WebSocketConnection connection, String anonymousKey) {
        members.put(connection.id(), new Member(connection, anonymousKey, new AtomicReference<>()));
        sender.send(connection, SocketKind.LOBBY, state());
    }

    void leave(WebSocketConnection connection) {
        Member member = members.remove(connection.id());
        if (member != null) {
            Identity identity = member.identity().get();
            if (identity != null) {
                unindex(identity.id(), connection);
            }
        }
    }

    void identify(WebSocketConnection connection, Identity identity) {
        Member member = members.get(connection.id());
        if (member == null) {
            return;
        }
        Identity before = member.identity().getAndSet(identity);
        if (before != null && !before.id().equals(identity.id())) {
            unindex(before.id(), connection);
        }
        byPlayer.computeIfAbsent(identity.id(), id -> new ConcurrentHashMap<>()).put(connection.id(), connection);
        // Closed meanwhile (leave ran before the index entry was made): take it out again.
        if (!members.containsKey(connection.id())) {
            unindex(identity.id(), connection);
        }
    }

    private void unindex(String playerId, WebSocketConnection connection) {
        byPlayer.computeIfPresent(playerId, (id, sockets) -> {
            sockets.remove(connection.id());
            return sockets.isEmpty() ? null : sockets;
        });
    }

    /** Whether any signed-in lobby socket is open here: without one, no move needs reading for "your turn". */
    public boolean hasPlayers() {
        return !byPlayer.isEmpty();
    }

    /** Whether the player has a signed-in lobby socket here. */
    public boolean present(String playerId) {
        return playerId != null && byPlayer.containsKey(playerId);
    }

    /** A matchmaking notification for one player: to that player's lobby sockets on this gateway. */
    public void notify(String playerId, String json) {
        if (present(playerId)) {
            notify(playerId, SocketCodec.tree(json));
        }
    }

    /** A notification ({@code {"type":"notification","event":...}}) to the player's lobby sockets on this gateway. */
    public void notify(String playerId, JsonNode event) {
        Map<String, WebSocketConnection> sockets = playerId == null ? null : byPlayer.get(playerId);
        if (sockets == null || sockets.isEmpty()) {
            return;
        }
        String text = SocketCodec.encode(new ServerFrame.Notification(event));
        sockets.values().forEach(connection -> sender.send(connection, SocketKind.LOBBY, text));
    }

    /** Some game started or ended (or a record did not say which type it is): the live list is fetched again at the next tick. */
    public void gamesMayHaveChanged() {
        gamesChanged = true;
    }

    /** People connected to this gateway, on any socket, each counted once (anonymous ones once per address). */
    int localOnline() {
        Set<String> keys = new HashSet<>(games.connectedIdentities());
        members.values().forEach(m -> keys.add(m.key()));
        return keys.size();
    }

    ServerFrame.Lobby state() {
        return new ServerFrame.Lobby(presence.online(localOnline()), searching.get(), liveGames.get());
    }

    @Scheduled(every = "2s")
    void broadcast() {
        presence.publishLobby(localOnline(), games.watchedRooms(), games.sockets(), members.size());
        if (gamesChanged) {
            gamesChanged = false;
            gameService.games("live", 30).subscribe().with(liveGames::set, f -> gamesChanged = true);
        }
        // A matchmaking service that does not answer leaves the last count: the lobby is not worth a log line per tick.
        matchmaking.lobby().subscribe().with(lobby -> searching.set(lobby.path("searching").asInt(0)), f -> { });
        String state = SocketCodec.encode(state());
        if (!state.equals(lastState)) {
            lastState = state;
            members.values().forEach(m -> sender.send(m.connection(), SocketKind.LOBBY, state));
        }
    }
}

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
 * (matchmaking), live games (the authority), and personal notifications such as "your game is ready".
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
        members.remove(connection.id());
    }

    void identify(WebSocketConnection connection, Identity identity) {
        Member member = members.get(connection.id());
        if (member != null) {
            member.identity().set(identity);
        }
    }

    /** A matchmaking notification for one player: to that player's lobby sockets on this gateway. */
    public void notify(String playerId, String json) {
        if (playerId == null) {
            return;
        }
        String text = SocketCodec.encode(new ServerFrame.Notification(SocketCodec.tree(json)));
        members.values().stream().filter(m -> playerId.equals(m.key()))
                .forEach(m -> sender.send(m.connection(), SocketKind.LOBBY, text));
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

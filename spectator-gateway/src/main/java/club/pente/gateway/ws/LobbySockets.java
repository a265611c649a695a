package club.pente.gateway.ws;

import club.pente.gateway.identity.Identity;
import club.pente.gateway.presence.Presence;
import club.pente.gateway.rest.GameServiceClient;
import club.pente.gateway.rest.MatchmakingClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
    private final GameSockets games;
    private final GameServiceClient gameService;
    private final MatchmakingClient matchmaking;
    private final AtomicReference<JsonNode> liveGames = new AtomicReference<>(GameSockets.message("none").arrayNode());
    private final AtomicInteger searching = new AtomicInteger();
    private volatile String lastState = "";
    private volatile boolean gamesChanged = true;

    public LobbySockets(Presence presence, GameSockets games, @RestClient GameServiceClient gameService,
                        @RestClient MatchmakingClient matchmaking) {
        this.presence = presence;
        this.games = games;
        this.gameService = gameService;
        this.matchmaking = matchmaking;
    }

    /** @param anonymousKey how this socket counts until it authenticates: its address */
    void join(WebSocketConnection connection, String anonymousKey) {
        members.put(connection.id(), new Member(connection, anonymousKey, new AtomicReference<>()));
        connection.sendText(state().toString()).subscribe().with(ok -> { }, f -> { });
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
        ObjectNode message = GameSockets.message("notification");
        message.set("event", GameSockets.parse(json));
        String text = message.toString();
        members.values().stream().filter(m -> playerId.equals(m.key()))
                .forEach(m -> m.connection().sendText(text).subscribe().with(ok -> { }, f -> { }));
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

    ObjectNode state() {
        ObjectNode state = GameSockets.message("lobby");
        state.put("online", presence.online(localOnline()));
        state.put("searching", searching.get());
        state.set("liveGames", liveGames.get());
        return state;
    }

    @Scheduled(every = "2s")
    void broadcast() {
        presence.publishLobby(localOnline());
        if (gamesChanged) {
            gamesChanged = false;
            gameService.games("live", 30).subscribe().with(liveGames::set, f -> gamesChanged = true);
        }
        matchmaking.lobby().subscribe().with(lobby -> searching.set(lobby.path("searching").asInt(0)), f -> { });
        String state = state().toString();
        if (!state.equals(lastState)) {
            lastState = state;
            members.values().forEach(m -> m.connection().sendText(state).subscribe().with(ok -> { }, f -> { }));
        }
    }
}

package club.pente.gateway.ws;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.PerSide;
import club.pente.core.rules.Color;
import club.pente.gateway.identity.Identity;
import club.pente.gateway.messaging.GameEventsFeed;
import club.pente.gateway.ws.protocol.ServerFrame;
import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.quarkus.websockets.next.WebSocketConnection;
import io.smallrye.mutiny.Uni;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Your turn" (issue 18), on plain objects: a MovePlayed with {@code nextPlayerId} read from the game events reaches the
 * lobby sockets of that player (all of them, on this gateway) and no other socket; the lobby finds them by player id.
 */
class YourTurnNotificationTest {
    private static final String TOPIC = "test.game.events";

    /** A lobby socket that records what it was sent. */
    private static final class Socket {
        final String id;
        final List<String> sent = new CopyOnWriteArrayList<>();
        final WebSocketConnection connection;

        Socket(String id) {
            this.id = id;
            connection = (WebSocketConnection) Proxy.newProxyInstance(WebSocketConnection.class.getClassLoader(),
                    new Class<?>[]{WebSocketConnection.class}, (proxy, method, args) -> switch (method.getName()) {
                        case "id" -> this.id;
                        case "sendText" -> {
                            sent.add(args[0].toString());
                            yield Uni.createFrom().voidItem();
                        }
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        case "toString" -> "socket " + this.id;
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
        }

        List<JsonNode> notifications() {
            List<JsonNode> found = new ArrayList<>();
            for (String text : sent) {
                JsonNode frame = json(text);
                if ("notification".equals(frame.path("type").asText())) {
                    found.add(frame.path("event"));
                }
            }
            return found;
        }
    }

    private final AtomicInteger states = new AtomicInteger();
    private final LobbySockets lobby = new LobbySockets(null, null, null, null, new SocketSender(new SimpleMeterRegistry())) {
        @Override
        ServerFrame.Lobby state() {
            states.incrementAndGet();
            return new ServerFrame.Lobby(1, 0, Contracts.json().createArrayNode());
        }

        @Override
        public void gamesMayHaveChanged() {
        }
    };
    private final RoomFanOut rooms = new RoomFanOut(null, null, null) {
        @Override
        public boolean watching(String gameId) {
            return false;
        }

        @Override
        public void onEvent(GameEvent event, String json) {
            throw new AssertionError("nobody watches here");
        }
    };
    private final GameEventsFeed feed = new GameEventsFeed(rooms, lobby);

    private static JsonNode json(String text) {
        try {
            return Contracts.json().readTree(text);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Identity player(String id) {
        return new Identity(id, id, Set.of("player"), false, Instant.now().plusSeconds(3600));
    }

    private Socket joined(String connectionId, String playerId) {
        Socket socket = new Socket(connectionId);
        lobby.join(socket.connection, "addr:127.0.0.1");
        if (playerId != null) {
            lobby.identify(socket.connection, player(playerId));
        }
        return socket;
    }

    private static MovePlayed move(String gameId, int ply, String mover, String point, String next) {
        return new MovePlayed(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, ply + 1L, Contracts.now(), Contracts.newId(),
                ply, Color.ofPly(ply), mover, point, List.of(), PerSide.ZERO, Set.of(), null, PerSide.ZERO, next);
    }

    private void deliver(MovePlayed... moves) throws Exception {
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        for (MovePlayed move : moves) {
            RecordHeaders headers = new RecordHeaders();
            headers.add(new RecordHeader(EventHeaders.TYPE, EventHeaders.typeValue("MovePlayed")));
            records.add(new ConsumerRecord<>(TOPIC, 0, records.size(), 0L, TimestampType.CREATE_TIME, -1, -1, move.gameId(),
                    Contracts.json().writeValueAsString(move), headers, Optional.empty()));
        }
        feed.onEvents(new ConsumerRecords<>(Map.of(new TopicPartition(TOPIC, 0), records), Map.of()));
    }

    @Test
    void aMoveWithANextPlayerReachesOnlyThatPlayersLobbySockets() throws Exception {
        Socket alice = joined("c-alice", "alice");
        Socket aliceTab = joined("c-alice-2", "alice");
        Socket bob = joined("c-bob", "bob");
        Socket anonymous = joined("c-anon", null);

        deliver(move("g-1", 7, "bob", "K10", "alice"));

        for (Socket socket : List.of(alice, aliceTab)) {
            assertThat(socket.notifications()).as(socket.id).singleElement().satisfies(event -> {
                assertThat(event.path("type").asText()).isEqualTo("YourTurn");
                assertThat(event.path("gameId").asText()).isEqualTo("g-1");
                assertThat(event.path("ply").asInt()).isEqualTo(7);
                assertThat(event.path("point").asText()).isEqualTo("K10");
                assertThat(event.path("playerId").asText()).as("the mover").isEqualTo("bob");
            });
        }
        assertThat(bob.notifications()).isEmpty();
        assertThat(anonymous.notifications()).isEmpty();
        // Each socket had only the lobby state on joining besides: nothing else was sent to bob or the anonymous one.
        assertThat(bob.sent).hasSize(1);
        assertThat(anonymous.sent).hasSize(1);
    }

    @Test
    void aMoveThatEndsTheGameOrHandsTheTurnToSomeoneAbsentNotifiesNobody() throws Exception {
        Socket alice = joined("c-alice", "alice");
        deliver(move("g-1", 9, "alice", "J10", null), move("g-2", 4, "bob", "L11", "carol"));
        assertThat(alice.notifications()).isEmpty();
    }

    @Test
    void aSocketThatLeftOrSignedInAsSomeoneElseIsNoLongerNotified() throws Exception {
        Socket alice = joined("c-alice", "alice");
        Socket shared = joined("c-shared", "alice");
        lobby.leave(alice.connection);
        // The same socket authenticates again with another account's token.
        lobby.identify(shared.connection, player("dave"));

        deliver(move("g-1", 3, "bob", "K9", "alice"), move("g-2", 5, "erin", "M12", "dave"));

        assertThat(alice.notifications()).isEmpty();
        assertThat(shared.notifications()).extracting(event -> event.path("gameId").asText()).containsExactly("g-2");
        assertThat(lobby.present("alice")).isFalse();
        lobby.leave(shared.connection);
        assertThat(lobby.hasPlayers()).isFalse();
    }

    @Test
    void aMatchmakingNotificationStillReachesThePlayerByTheIndex() {
        Socket alice = joined("c-alice", "alice");
        Socket bob = joined("c-bob", "bob");
        lobby.notify("alice", "{\"type\":\"GameReady\",\"gameId\":\"g-9\"}");
        assertThat(alice.notifications()).extracting(event -> event.path("type").asText()).containsExactly("GameReady");
        assertThat(bob.notifications()).isEmpty();
    }
}

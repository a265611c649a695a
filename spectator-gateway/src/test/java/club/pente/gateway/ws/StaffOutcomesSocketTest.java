package club.pente.gateway.ws;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameAnnulled;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.gateway.support.GatewayTestResource;
import club.pente.gateway.support.TestGames;
import club.pente.gateway.support.TestSocket;
import club.pente.testinfra.StackTest;
import club.pente.testinfra.StreamPublisher;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What staff actions make the game service publish reaches the table unchanged (issue 15): a MoveRejected with the
 * codes SUSPENDED and MUTED goes to the refused player's socket only, as a {@code rejected} frame carrying the code;
 * a GameEnded with the staff's {@code note} and the new GameAnnulled reach every socket, the event stream and a
 * resumed socket, in version order with no gap. The events are published on the real events topic the way the game
 * service writes them (with the type header), so that this test needs no matchmaking for a suspension.
 */
@QuarkusTest
@QuarkusTestResource(value = GatewayTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class StaffOutcomesSocketTest {
    private static final String ORIGIN = "http://localhost:8080";
    private static TestGames games;
    private static StreamPublisher publisher;
    private static String eventsTopic;

    @TestHTTPResource("/")
    URI root;

    @BeforeAll
    static void setUp() {
        games = new TestGames();
        publisher = new StreamPublisher(ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class));
        eventsTopic = ConfigProvider.getConfig().getValue("pente.topic.events", String.class);
    }

    @AfterAll
    static void tearDown() throws Exception {
        publisher.close();
        games.close();
    }

    private String ws(String path) {
        return "ws://" + root.getHost() + ":" + root.getPort() + path;
    }

    private static boolean is(JsonNode message, String type) {
        return type.equals(message.path("type").asText());
    }

    private static void publish(String gameId, String type, Object event) {
        publisher.send(eventsTopic, gameId, StreamPublisher.json(event), Map.of(EventHeaders.TYPE, type));
    }

    private static JsonNode event(TestSocket socket, long version) {
        return socket.await("event v" + version, m -> is(m, "event") && m.path("event").path("version").asLong() == version)
                .path("event");
    }

    @Test
    void suspensionAndMuteRefusalsReachTheRefusedPlayerAndStaffEndingsReachEveryone() throws Exception {
        String gameId = games.newGame();
        HttpResponse<Stream<String>> sse = HttpClient.newHttpClient().send(HttpRequest.newBuilder(root.resolve("/api/games/" + gameId + "/events"))
                .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofLines());
        Iterator<String> stream = sse.body().filter(line -> line.startsWith("data:")).iterator();
        assertThat(stream.next()).contains("\"type\":\"snapshot\"");
        try (TestSocket alice = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN);
             TestSocket spectator = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
            long version = alice.await("snapshot", m -> is(m, "snapshot")).path("game").path("version").asLong();
            spectator.await("snapshot", m -> is(m, "snapshot"));
            alice.send("{\"type\":\"auth\",\"token\":\"" + games.aliceToken + "\"}");
            assertThat(alice.await("welcome", m -> is(m, "welcome")).path("player").asBoolean()).isTrue();

            for (RejectionReason code : new RejectionReason[] {RejectionReason.SUSPENDED, RejectionReason.MUTED}) {
                publish(gameId, "MoveRejected", new MoveRejected(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, version,
                        Contracts.now(), "cmd-" + code, games.alice.id(), code, "you are " + code.name().toLowerCase() + " until lifted: test"));
                JsonNode rejected = alice.await(code.name(), m -> is(m, "rejected") && m.path("event").path("reason").asText().equals(code.name()));
                assertThat(rejected.path("event").path("commandId").asText()).isEqualTo("cmd-" + code);
                assertThat(rejected.path("event").path("message").asText()).contains("until lifted: test");
            }

            StaffActor mod = new StaffActor("mod-subject", "mod", StaffRole.MODERATOR);
            StaffActor admin = new StaffActor("admin-subject", "admin", StaffRole.ADMIN);
            publish(gameId, "GameEnded", new GameEnded(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, version + 1, Contracts.now(),
                    "abort-1", Status.DRAW, EndReason.ABORTED, false, games.alice, games.bob, 0, PerSide.ZERO, PerSide.ZERO,
                    "stuck game, aborted by staff"));
            publish(gameId, "GameAnnulled", new GameAnnulled(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, version + 2,
                    Contracts.now(), "annul-1", false, games.alice, games.bob, admin, "collusion"));
            for (TestSocket socket : new TestSocket[] {alice, spectator}) {
                JsonNode ended = event(socket, version + 1);
                assertThat(ended.path("type").asText()).isEqualTo("GameEnded");
                assertThat(ended.path("note").asText()).isEqualTo("stuck game, aborted by staff");
                JsonNode annulled = event(socket, version + 2);
                assertThat(annulled.path("type").asText()).isEqualTo("GameAnnulled");
                assertThat(annulled.path("reason").asText()).isEqualTo("collusion");
                assertThat(annulled.path("staff").path("username").asText()).isEqualTo("admin");
                assertThat(socket.ofType("event")).extracting(m -> m.path("event").path("version").asLong())
                        .containsExactly(version + 1, version + 2);
            }
            // A refusal is the refused player's alone.
            assertThat(spectator.ofType("rejected")).isEmpty();
            assertThat(mod.username()).isEqualTo("mod");

            // The event stream, in order, and a socket resuming from before them gets both, gapless.
            JsonNode first = Contracts.json().readTree(stream.next().substring(5).strip());
            JsonNode second = Contracts.json().readTree(stream.next().substring(5).strip());
            assertThat(first.path("event").path("version").asLong()).isEqualTo(version + 1);
            assertThat(first.path("event").path("note").asText()).isEqualTo("stuck game, aborted by staff");
            assertThat(second.path("event").path("type").asText()).isEqualTo("GameAnnulled");
            assertThat(second.path("event").path("version").asLong()).isEqualTo(version + 2);
            try (TestSocket resumed = TestSocket.open(ws("/ws/games/" + gameId + "?v=" + version), ORIGIN)) {
                assertThat(resumed.await("resumed", m -> is(m, "resumed")).path("events").asInt()).isEqualTo(2);
                assertThat(event(resumed, version + 1).path("note").asText()).isEqualTo("stuck game, aborted by staff");
                assertThat(event(resumed, version + 2).path("type").asText()).isEqualTo("GameAnnulled");
            }
        }
    }
}

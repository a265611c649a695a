package club.pente.gateway.ws;

import club.pente.core.contract.ChatPosted;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.TimeControl;
import club.pente.gateway.support.GatewayTestResource;
import club.pente.gateway.support.Guests;
import club.pente.gateway.support.TestGames;
import club.pente.gateway.support.TestSocket;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.StackTest;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The table on the real stack (issue 14): chat in two channels, each shown in full only to its own
 * audience and hidden from the other (also on the public event stream and on resume), its rate limit,
 * the players' presence, and claims of abandonment checked against it. The test resource sets
 * pente.abandonment.seconds=4 and a chat burst of 3 per 30 s.
 */
@QuarkusTest
@QuarkusTestResource(value = GatewayTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class TableSocketTest {
    private static final String ORIGIN = "http://localhost:8080";
    private static TestGames games;

    @TestHTTPResource("/")
    URI root;

    @BeforeAll
    static void setUp() {
        games = new TestGames();
    }

    @AfterAll
    static void tearDown() throws Exception {
        games.close();
    }

    private String ws(String path) {
        return "ws://" + root.getHost() + ":" + root.getPort() + path;
    }

    private static boolean is(JsonNode message, String type) {
        return type.equals(message.path("type").asText());
    }

    /** A socket on the game that got its snapshot and, with a token, its welcome. */
    private TestSocket join(String gameId, String token) {
        TestSocket socket = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN);
        socket.await("snapshot", m -> is(m, "snapshot"));
        if (token != null) {
            socket.send("{\"type\":\"auth\",\"token\":\"" + token + "\"}");
            socket.await("welcome", m -> is(m, "welcome"));
        }
        return socket;
    }

    private static JsonNode chatEvent(TestSocket socket, long version) {
        return socket.await("ChatPosted v" + version, m -> is(m, "event") && m.path("event").path("type").asText().equals("ChatPosted")
                && m.path("event").path("version").asLong() == version).path("event");
    }

    private static void assertFull(JsonNode event, String authorId, String text) {
        assertThat(event.path("text").asText()).isEqualTo(text);
        assertThat(event.path("authorId").asText()).isEqualTo(authorId);
        assertThat(event.has("hidden")).isFalse();
    }

    private static void assertHidden(JsonNode event, String channel) {
        assertThat(event.path("hidden").asBoolean()).isTrue();
        assertThat(event.path("channel").asText()).isEqualTo(channel);
        assertThat(event.has("text")).isFalse();
        assertThat(event.has("authorId")).isFalse();
        assertThat(event.has("authorName")).isFalse();
        assertThat(event.path("eventId").asText()).isNotEmpty();
    }

    @Test
    void playersChatReachesThePlayersAndSpectatorsChatTheSpectatorsEachHiddenFromTheOther() throws Exception {
        String gameId = games.newGame();
        Guests.Guest carol = Guests.create("Carol");
        HttpResponse<Stream<String>> sse = HttpClient.newHttpClient().send(HttpRequest.newBuilder(root.resolve("/api/games/" + gameId + "/events"))
                .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofLines());
        Iterator<String> stream = sse.body().filter(line -> line.startsWith("data:")).iterator();
        assertThat(stream.next()).contains("\"type\":\"snapshot\"");
        try (TestSocket alice = join(gameId, games.aliceToken);
             TestSocket bob = join(gameId, games.bobToken);
             TestSocket spectator = join(gameId, carol.token());
             TestSocket anonymous = join(gameId, null)) {
            // A chat frame's author and channel are the gateway's: Alice naming Bob and the spectators' channel changes nothing.
            alice.send("{\"type\":\"chat\",\"text\":\"good luck, bob\",\"commandId\":\"chat-a-" + gameId + "\",\"authorId\":\""
                    + games.bob.id() + "\",\"channel\":\"SPECTATORS\"}");
            alice.await("ack", m -> is(m, "ack") && m.path("commandId").asText().equals("chat-a-" + gameId));
            ChatPosted posted = games.streams.await(gameId, ChatPosted.class, c -> c.commandId().equals("chat-a-" + gameId));
            assertThat(posted.authorId()).isEqualTo(games.alice.id());
            assertThat(posted.channel().name()).isEqualTo("PLAYERS");
            long players = posted.version();
            assertFull(chatEvent(bob, players), games.alice.id(), "good luck, bob");
            assertFull(chatEvent(alice, players), games.alice.id(), "good luck, bob");
            assertHidden(chatEvent(spectator, players), "PLAYERS");
            assertHidden(chatEvent(anonymous, players), "PLAYERS");
            String line = stream.next();
            assertThat(line).contains("\"type\":\"ChatPosted\"").contains("\"hidden\":true").doesNotContain("good luck");

            // And the reverse: the spectators' chat is theirs (the event stream is a spectator too).
            spectator.send("{\"type\":\"chat\",\"text\":\"white is winning\"}");
            spectator.await("ack", m -> is(m, "ack"));
            long spectators = games.streams.await(gameId, ChatPosted.class, c -> c.text().equals("white is winning")).version();
            assertThat(spectators).isEqualTo(players + 1);
            assertFull(chatEvent(anonymous, spectators), carol.id(), "white is winning");
            assertFull(chatEvent(spectator, spectators), carol.id(), "white is winning");
            assertHidden(chatEvent(alice, spectators), "SPECTATORS");
            assertHidden(chatEvent(bob, spectators), "SPECTATORS");
            assertThat(stream.next()).contains("white is winning");

            // Staff remove a message through the gateway (the reason travels in the DELETE's body): everyone hears it.
            given().header("Authorization", "Bearer " + DemoTokens.accessToken("admin", "admin")).contentType(ContentType.JSON)
                    .body("{\"reason\":\"testing removal\"}").delete("/api/games/{id}/chat/{message}", gameId, posted.eventId())
                    .then().statusCode(202);
            for (TestSocket socket : List.of(alice, bob, spectator, anonymous)) {
                JsonNode removed = socket.await("ChatRemoved", m -> is(m, "event") && m.path("event").path("type").asText().equals("ChatRemoved"));
                assertThat(removed.path("event").path("messageId").asText()).isEqualTo(posted.eventId());
            }
            assertThat(stream.next()).contains("\"type\":\"ChatRemoved\"").contains(posted.eventId());

            // Without an identity there is no chat; nothing is sent.
            anonymous.send("{\"type\":\"chat\",\"text\":\"anyone?\"}");
            JsonNode refused = anonymous.await("refused", m -> is(m, "error"));
            assertThat(refused.path("code").asText()).isEqualTo("SIGN_IN");
            // A hostile text is refused before anything is sent.
            spectator.send("{\"type\":\"chat\",\"text\":\"line\\nbreak\"}");
            spectator.await("bad text", m -> is(m, "error") && m.path("message").asText().contains("without control or format characters"));
        } finally {
            sse.body().close();
        }
        // Resuming gets each audience's form of the buffered messages too (here a spectator's).
        long before = games.streams.await(gameId, ChatPosted.class, c -> c.text().equals("white is winning")).version() - 2;
        try (TestSocket resumed = TestSocket.open(ws("/ws/games/" + gameId + "?v=" + before), ORIGIN)) {
            resumed.await("resumed", m -> is(m, "resumed"));
            assertHidden(chatEvent(resumed, before + 1), "PLAYERS");
            assertFull(chatEvent(resumed, before + 2), carol.id(), "white is winning");
        }
        assertThat(games.streams.events(gameId)).filteredOn(e -> e instanceof ChatPosted).hasSize(2);
    }

    @Test
    void chatIsRateLimitedPerPersonPerGameWithAReadableRefusal() {
        String gameId = games.newGame();
        try (TestSocket alice = join(gameId, games.aliceToken)) {
            for (int i = 1; i <= 4; i++) {
                alice.send("{\"type\":\"chat\",\"text\":\"message " + i + "\",\"commandId\":\"rate-" + i + "-" + gameId + "\"}");
            }
            JsonNode refused = alice.await("too fast", m -> is(m, "error") && m.path("code").asText().equals("CHAT_TOO_FAST"));
            assertThat(refused.path("message").asText()).contains("too fast");
            assertThat(refused.path("retryAfterMillis").asLong()).isPositive();
            games.streams.await(gameId, ChatPosted.class, c -> c.text().equals("message 3"));
            assertThat(alice.ofType("ack")).extracting(m -> m.path("commandId").asText())
                    .containsExactly("rate-1-" + gameId, "rate-2-" + gameId, "rate-3-" + gameId);
            // Bob's bucket is his own.
            try (TestSocket bob = join(gameId, games.bobToken)) {
                bob.send("{\"type\":\"chat\",\"text\":\"my turn to talk\"}");
                bob.await("ack", m -> is(m, "ack"));
            }
        }
        games.streams.await(gameId, ChatPosted.class, c -> c.text().equals("my turn to talk"));
        assertThat(games.streams.events(gameId)).filteredOn(e -> e instanceof ChatPosted)
                .extracting(e -> ((ChatPosted) e).text()).doesNotContain("message 4");
    }

    @Test
    void theRoomHearsWhenAPlayersLastSocketClosesAndAClaimIsRefusedBeforeTheTimeAndSentAfter() {
        String gameId = games.newGame();
        games.streams.send(PlayMove.of(gameId, games.alice.id(), 1, "K10"));
        games.streams.send(PlayMove.of(gameId, games.bob.id(), 2, "L11"));
        games.streams.await(gameId, MovePlayed.class, m -> m.ply() == 2);
        // White (Alice) is to move.
        Guests.Guest dave = Guests.create("Dave");
        try (TestSocket bob = join(gameId, games.bobToken); TestSocket spectator = join(gameId, dave.token())) {
            JsonNode first = bob.await("presence after welcome", m -> is(m, "presence") && m.path("black").path("connected").asBoolean());
            assertThat(first.path("abandonAfterMillis").asLong()).isEqualTo(4000);
            try (TestSocket alice = join(gameId, games.aliceToken)) {
                spectator.await("alice came", m -> is(m, "presence") && m.path("white").path("connected").asBoolean());
                bob.send("{\"type\":\"claim\"}");
                assertThat(bob.await("refused", m -> is(m, "error") && m.has("code")).path("code").asText()).isEqualTo("OPPONENT_CONNECTED");
                alice.send("{\"type\":\"claim\"}");
                assertThat(alice.await("refused", m -> is(m, "error") && m.has("code")).path("code").asText()).isEqualTo("NOT_OPPONENTS_TURN");
            }
            JsonNode gone = spectator.await("alice left", m -> is(m, "presence") && !m.path("white").path("connected").asBoolean());
            assertThat(gone.path("black").path("connected").asBoolean()).isTrue();
            assertThat(gone.path("white").path("absentMillis").asLong()).isBetween(0L, 4000L);

            int errorsBefore = bob.ofType("error").size();
            bob.send("{\"type\":\"claim\"}");
            JsonNode early = bob.await("too early", m -> is(m, "error") && m.path("code").asText().equals("CLAIM_TOO_EARLY"));
            assertThat(bob.ofType("error")).hasSize(errorsBefore + 1);
            long left = early.path("retryAfterMillis").asLong();
            assertThat(left).isBetween(1L, 4000L);
            spectator.send("{\"type\":\"claim\"}");
            assertThat(spectator.await("not a player", m -> is(m, "error") && m.has("code")).path("code").asText()).isEqualTo("NOT_A_PLAYER");

            // The abandonment time is what is tested here: wait it out (plus a margin), then the claim goes through.
            long due = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(left + 200);
            await().atMost(Duration.ofSeconds(10)).until(() -> System.nanoTime() > due);
            bob.send("{\"type\":\"claim\",\"commandId\":\"ignored-" + gameId + "\"}");
            String sent = bob.await("ack", m -> is(m, "ack")).path("commandId").asText();
            assertThat(sent).isNotEqualTo("ignored-" + gameId);
            GameEnded ended = games.streams.await(gameId, GameEnded.class, e -> true);
            assertThat(ended.result().name()).isEqualTo("BLACK_WINS");
            assertThat(ended.reason().name()).isEqualTo("ABANDONMENT");
            spectator.await("the end", m -> is(m, "event") && m.path("event").path("type").asText().equals("GameEnded"));
        }
    }

    /**
     * A socket that retried after 4404 (the game did not exist yet) and then signed in as a player counted
     * itself as a spectator in its snapshot, and no later count corrected it when the room had last
     * announced the count it came back to (0): the page showed one spectator for a game nobody watched.
     */
    @Test
    void aPlayerWhoseSocketRetriedAfterAnUnknownGameIsNotShownAsASpectator() {
        String gameId = UUID.randomUUID().toString();
        try (TestSocket early = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
            assertThat(early.awaitClose()).isEqualTo(4404);
        }
        games.streams.send(CreateGame.of(gameId, games.alice, games.bob, false, TimeControl.UNTIMED));
        games.streams.await(gameId, GameStarted.class, e -> true);
        // Someone glanced at the game meanwhile: the room now holds its snapshot, so the retried socket gets
        // it at once (no fetch during which a count could go out and hide the fault).
        try (TestSocket glance = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
            glance.await("snapshot", m -> is(m, "snapshot"));
        }
        // The client waits before it retries (the web client backs off for a second or more); the room's
        // count ticks meanwhile (every second in tests) and announces that nobody is there.
        long retry = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(2500);
        await().atMost(Duration.ofSeconds(10)).until(() -> System.nanoTime() > retry);
        try (TestSocket alice = TestSocket.open(ws("/ws/games/" + gameId), ORIGIN)) {
            JsonNode snapshot = alice.await("snapshot", m -> is(m, "snapshot"));
            assertThat(snapshot.path("spectators").asInt()).isEqualTo(1); // itself, before it said who it is
            alice.send("{\"type\":\"auth\",\"token\":\"" + games.aliceToken + "\"}");
            alice.await("welcome", m -> is(m, "welcome") && m.path("player").asBoolean());
            alice.await("the count corrected", m -> is(m, "spectators") && m.path("count").asInt() == 0);
        }
    }
}

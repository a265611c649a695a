package club.pente.game.rest;

import club.pente.core.contract.ChatChannel;
import club.pente.core.contract.ChatPosted;
import club.pente.core.contract.ChatRemoved;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MakeOffer;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.OfferKind;
import club.pente.core.contract.OfferMade;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.PostChat;
import club.pente.core.contract.TimeControl;
import club.pente.game.support.GameServiceTestResource;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.GameStreams;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

/** The table's read side over REST: the view's offer, announcements and clocks, the live lists, the chat by audience. */
@QuarkusTest
@QuarkusTestResource(value = GameServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class TableApiTest {
    private static GameStreams streams;
    private static String aliceToken;
    private static String bobToken;
    private static String adminToken;
    private static PlayerRef alice;
    private static PlayerRef bob;

    @Inject
    DataSource dataSource;
    @Inject
    club.pente.game.application.LiveGames liveGames;

    @BeforeAll
    static void setUp() {
        streams = GameStreams.of(ConfigProvider.getConfig());
        aliceToken = DemoTokens.accessToken("alice", "alice");
        bobToken = DemoTokens.accessToken("bob", "bob");
        adminToken = DemoTokens.accessToken("admin", "admin");
        alice = new PlayerRef(DemoTokens.claims(aliceToken).get("sub").asText(), "alice");
        bob = new PlayerRef(DemoTokens.claims(bobToken).get("sub").asText(), "bob");
    }

    @AfterAll
    static void tearDown() throws Exception {
        streams.close();
    }

    private static String newGame(boolean ranked, TimeControl timeControl) {
        String gameId = UUID.randomUUID().toString();
        streams.send(CreateGame.of(gameId, alice, bob, ranked, timeControl));
        streams.await(gameId, GameStarted.class, started -> true);
        return gameId;
    }

    private static void play(String gameId, String... points) {
        for (int i = 0; i < points.length; i++) {
            int ply = i + 1;
            streams.send(PlayMove.of(gameId, (ply % 2 == 1 ? alice : bob).id(), ply, points[i]));
            streams.await(gameId, MovePlayed.class, played -> played.ply() == ply);
        }
    }

    private static io.restassured.specification.RequestSpecification as(String token) {
        return given().auth().oauth2(token).contentType(ContentType.JSON);
    }

    @Test
    void theViewShowsThePendingOfferWhatEachMoveAnnouncedAndTheClocksAfterIt() {
        String gameId = newGame(false, new TimeControl(300, 5));
        play(gameId, "K10", "A1", "K13", "A3", "K12"); // white's K10 K12 K13: a split three, open at both ends
        streams.send(MakeOffer.of(gameId, bob.id(), OfferKind.DRAW));
        streams.await(gameId, OfferMade.class, made -> true);

        JsonPath view = given().get("/api/games/{id}", gameId).then().statusCode(200).extract().jsonPath();
        assertThat(view.getMap("offer")).isEqualTo(Map.of("kind", "DRAW", "color", "BLACK", "playerId", bob.id()));
        assertThat(view.getList("moves.announcements")).containsExactly(List.of(), List.of(), List.of(), List.of(), List.of("TRIA"));
        assertThat(view.getMap("timeControl")).isEqualTo(Map.of("initialSeconds", 300, "incrementSeconds", 5, "daysPerMove", 0));
        // Each move's clocks are as it left them: the mover got the increment, the other clock had not run.
        List<Number> white = view.getList("moves.whiteMillis");
        List<Number> black = view.getList("moves.blackMillis");
        assertThat(white).hasSize(5).allSatisfy(ms -> assertThat(ms.longValue()).isBetween(290_000L, 315_000L));
        assertThat(black.get(0).longValue()).isEqualTo(300_000L);
        assertThat(white.get(1).longValue()).isEqualTo(white.get(0).longValue());
        assertThat(view.getString("endedAt")).isNull();
    }

    @Test
    void aFinishedGamesViewShowsTheStoredFinalClocksWhicheverTimeItIsAskedAt() throws Exception {
        String gameId = newGame(false, new TimeControl(300, 5));
        play(gameId, "K10", "L11");
        as(aliceToken).post("/api/games/{id}/resign", gameId).then().statusCode(200);
        Map<String, Object> first = given().get("/api/games/{id}", gameId).then().statusCode(200)
                .body("endedAt", notNullValue()).body("toMove", nullValue()).extract().jsonPath().getMap("clocks");
        Thread.sleep(1_100); // not a synchronisation: the point is that time passes between the two reads
        Map<String, Object> later = given().get("/api/games/{id}", gameId).then().extract().jsonPath().getMap("clocks");
        assertThat(later).isEqualTo(first);
    }

    @Test
    void theLiveListTellsGamesApartMarksPlayersAndShowsTheRealPly() {
        String gameId = newGame(true, new TimeControl(300, 5));
        play(gameId, "K10");
        JsonPath list = given().get("/api/games?status=live&limit=500").then().statusCode(200).extract().jsonPath();
        Map<String, Object> entry = list.getMap("find { it.id == '" + gameId + "' }");
        assertThat(entry).containsEntry("ply", 1).containsEntry("toMove", "BLACK").containsEntry("ranked", true)
                .containsEntry("timeControl", Map.of("initialSeconds", 300, "incrementSeconds", 5, "daysPerMove", 0));
        assertThat(entry.get("white")).isEqualTo(Map.of("id", alice.id(), "name", "alice"));
        assertThat(entry.get("black")).isEqualTo(Map.of("id", bob.id(), "name", "bob"));
        assertThat(entry.get("createdAt")).isNotNull();
        assertThat(entry.get("lastMoveAt")).isNotNull();
    }

    @Test
    void anUntimedGameNobodyMovedInForTenMinutesLeavesTheLiveListButNotItsPlayersList() throws Exception {
        String idle = newGame(false, TimeControl.UNTIMED);
        String active = newGame(false, TimeControl.UNTIMED);
        play(idle, "K10", "L11");
        play(active, "K10", "L11");
        // The idle game's last move was eleven minutes ago (as if it had been abandoned then).
        try (Connection connection = dataSource.getConnection();
             PreparedStatement update = connection.prepareStatement("update games set turn_started_at = ? where id = ?")) {
            update.setObject(1, java.time.OffsetDateTime.now().minusMinutes(11));
            update.setString(2, idle);
            assertThat(update.executeUpdate()).isEqualTo(1);
        }
        given().get("/api/games?status=live&limit=500").then().statusCode(200)
                .body("id", hasItem(active)).body("id", not(hasItem(idle)));
        given().get("/api/games?status=live&limit=500&player={p}", alice.id()).then().statusCode(200)
                .body("id", hasItem(idle)).body("id", hasItem(active));
        // The computer's recovery sweep asks for idle games too (it may be the one they wait for).
        given().get("/api/games?status=live&limit=500&idle=true").then().statusCode(200)
                .body("id", hasItem(idle)).body("id", hasItem(active));
        given().get("/api/games?status=live&idle=maybe").then().statusCode(400).body("error", equalTo("BAD_IDLE"));
    }

    @Test
    void aPlayersLiveGamesAreOnlyTheirs() {
        String gameId = newGame(false, TimeControl.UNTIMED);
        given().get("/api/games?status=live&limit=500&player={p}", bob.id()).then().statusCode(200).body("id", hasItem(gameId))
                .body("findAll { it.white.id != '" + bob.id() + "' && it.black.id != '" + bob.id() + "' }.size()", equalTo(0));
        given().get("/api/games?status=live&player={p}", "someone-else-" + UUID.randomUUID()).then().statusCode(200).body("size()", equalTo(0));
        given().get("/api/games?status=live&player={p}", "x".repeat(129)).then().statusCode(400).body("error", equalTo("BAD_PLAYER"));
        given().get("/api/games?status=live&player={p}", "a b").then().statusCode(400).body("error", equalTo("BAD_PLAYER"));
    }

    @Test
    void eachAudienceReadsItsOwnChatAndStaffRemoveAMessage() {
        String gameId = newGame(false, TimeControl.UNTIMED);
        streams.send(PostChat.of(gameId, alice.id(), "alice", ChatChannel.PLAYERS, "good luck bob"));
        streams.send(PostChat.of(gameId, "carol-id", "carol", ChatChannel.SPECTATORS, "alice will win"));
        ChatPosted spectators = streams.await(gameId, ChatPosted.class, posted -> posted.channel() == ChatChannel.SPECTATORS);
        streams.await(gameId, ChatPosted.class, posted -> posted.channel() == ChatChannel.PLAYERS);

        as(bobToken).get("/api/games/{id}/chat", gameId).then().statusCode(200)
                .body("channels", equalTo(List.of("PLAYERS"))).body("messages.text", equalTo(List.of("good luck bob")))
                .body("messages[0].authorName", equalTo("alice"));
        given().get("/api/games/{id}/chat", gameId).then().statusCode(200)
                .body("channels", equalTo(List.of("SPECTATORS"))).body("messages.text", equalTo(List.of("alice will win")));
        as(adminToken).get("/api/games/{id}/chat", gameId).then().statusCode(200)
                .body("channels", equalTo(List.of("PLAYERS", "SPECTATORS"))).body("messages.size()", equalTo(2));

        String path = "/api/games/{id}/chat/{messageId}";
        String body = "{\"reason\":\"no predictions\"}";
        given().contentType(ContentType.JSON).body(body).delete(path, gameId, spectators.eventId()).then().statusCode(401);
        as(aliceToken).body(body).delete(path, gameId, spectators.eventId()).then().statusCode(403);
        as(adminToken).body("{}").delete(path, gameId, spectators.eventId()).then().statusCode(400).body("error", equalTo("MISSING_REASON"));
        as(adminToken).body("{\"reason\":\"a\\u0007b\"}").delete(path, gameId, spectators.eventId()).then().statusCode(400)
                .body("error", equalTo("BAD_REASON"));
        as(adminToken).body("{\"reason\":").delete(path, gameId, spectators.eventId()).then().statusCode(400);
        as(adminToken).body(body).delete(path, gameId, "m".repeat(65)).then().statusCode(400).body("error", equalTo("BAD_ID"));
        as(adminToken).body(body).delete(path, gameId, "no-such-message").then().statusCode(404).body("error", equalTo("UNKNOWN_MESSAGE"));
        as(adminToken).body(body).delete(path, "no-such-game", spectators.eventId()).then().statusCode(404).body("error", equalTo("UNKNOWN_GAME"));

        as(adminToken).body(body).delete(path, gameId, spectators.eventId()).then().statusCode(202)
                .body("messageId", equalTo(spectators.eventId())).body("commandId", notNullValue());
        ChatRemoved removed = streams.await(gameId, ChatRemoved.class, r -> r.messageId().equals(spectators.eventId()));
        assertThat(removed.channel()).isEqualTo(ChatChannel.SPECTATORS);

        given().get("/api/games/{id}/chat", gameId).then().statusCode(200)
                .body("messages.removed", equalTo(List.of(true))).body("messages[0].text", nullValue())
                .body("messages[0].reason", nullValue()).body("messages[0].removedBy", nullValue());
        as(adminToken).get("/api/games/{id}/chat", gameId).then().statusCode(200)
                .body("messages.find { it.id == '" + spectators.eventId() + "' }.text", equalTo("alice will win"))
                .body("messages.find { it.id == '" + spectators.eventId() + "' }.reason", equalTo("no predictions"))
                .body("messages.find { it.id == '" + spectators.eventId() + "' }.removedAt", notNullValue());
        as(adminToken).body(body).delete(path, gameId, spectators.eventId()).then().statusCode(409).body("error", equalTo("ALREADY_REMOVED"));
        given().get("/api/games/{id}/chat", "no-such-game").then().statusCode(404).body("error", equalTo("UNKNOWN_GAME"));
        given().auth().oauth2("not.a.token").get("/api/games/{id}/chat", gameId).then().statusCode(401);
        given().get("/api/games/{id}/chat", gameId).then().body("messages.authorId", everyItem(equalTo("carol-id")));
    }

    @Test
    void aGuestPlayerReadsTheirGamesPlayersChatWithTheGuestToken() {
        DemoTokens.GuestToken guest = DemoTokens.guest("gail");
        PlayerRef gail = new PlayerRef(guest.id(), "gail");
        String gameId = UUID.randomUUID().toString();
        streams.send(CreateGame.of(gameId, gail, alice, false, TimeControl.UNTIMED));
        streams.await(gameId, GameStarted.class, started -> true);
        streams.send(PostChat.of(gameId, gail.id(), "gail", ChatChannel.PLAYERS, "hello alice"));
        streams.await(gameId, ChatPosted.class, posted -> posted.channel() == ChatChannel.PLAYERS);

        // Before guest tokens were verified here, a guest's token was refused (401) and the players' chat unreadable.
        as(guest.token()).get("/api/games/{id}/chat", gameId).then().statusCode(200)
                .body("channels", equalTo(List.of("PLAYERS"))).body("messages.text", equalTo(List.of("hello alice")));
        // Another guest reads the spectators' chat, which is empty.
        as(DemoTokens.guestToken("gus")).get("/api/games/{id}/chat", gameId).then().statusCode(200)
                .body("channels", equalTo(List.of("SPECTATORS"))).body("messages.size()", equalTo(0));
    }

    @Test
    void anUntimedGameWithoutAFirstMoveIsAbortedByTheClockWatch() throws Exception {
        String gameId = newGame(false, TimeControl.UNTIMED);
        try (Connection connection = dataSource.getConnection();
             PreparedStatement deadline = connection.prepareStatement("select deadline_at from games where id = ?")) {
            deadline.setString(1, gameId);
            try (java.sql.ResultSet rs = deadline.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getObject(1)).as("an untimed game at ply 0 has a first-move deadline to watch").isNotNull();
            }
        }
        // As if the game had been created eleven minutes ago (this test's window is pente.game.first-move-seconds=600):
        // the owner forgets its copy (before the row changes: nothing claims a future deadline meanwhile, and a
        // claim decided on the old copy would write it back), then the stored row says so.
        liveGames.evict(gameId);
        try (Connection connection = dataSource.getConnection();
             PreparedStatement update = connection.prepareStatement(
                     "update games set turn_started_at = ?, deadline_at = ? where id = ?")) {
            java.time.OffsetDateTime then = java.time.OffsetDateTime.now().minusMinutes(11);
            update.setObject(1, then);
            update.setObject(2, then.plusMinutes(10));
            update.setString(3, gameId);
            assertThat(update.executeUpdate()).isEqualTo(1);
        }
        GameEnded ended = streams.await(gameId, GameEnded.class, e -> true, java.time.Duration.ofSeconds(30));
        assertThat(ended.reason()).isEqualTo(club.pente.core.rules.EndReason.ABORTED);
        assertThat(ended.result()).isEqualTo(club.pente.core.rules.Status.DRAW);
        given().get("/api/games/{id}", gameId).then().body("status", equalTo("DRAW")).body("reason", equalTo("ABORTED"));
    }
}

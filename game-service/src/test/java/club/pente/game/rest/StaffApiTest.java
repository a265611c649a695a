package club.pente.game.rest;

import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.ChatChannel;
import club.pente.core.contract.ChatPosted;
import club.pente.core.contract.ChatRemoved;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameAnnulled;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.PostChat;
import club.pente.core.contract.Resign;
import club.pente.core.contract.TimeControl;
import club.pente.core.contract.Topic;
import club.pente.core.rules.EndReason;
import club.pente.game.support.GameServiceTestResource;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.GameStreams;
import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.StackTest;
import club.pente.testinfra.StreamRecorder;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

/**
 * The staff's REST API on the real stack: who may do what (401, 403 STAFF_ONLY, 403 ADMIN_ONLY, and nothing sent by
 * a refused call), a moderator's abort with its note, an admin's annulment, the live list with clocks, and each
 * staff command's one audit row and one audit record.
 */
@QuarkusTest
@QuarkusTestResource(value = GameServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class StaffApiTest {
    private static GameStreams streams;
    private static StreamRecorder<String> commands;
    private static StreamRecorder<AuditEntry> audit;
    private static String aliceToken;
    private static String bobToken;
    private static String modToken;
    private static String adminToken;
    private static String guestToken;
    private static PlayerRef alice;
    private static PlayerRef bob;

    @Inject
    DataSource dataSource;

    @BeforeAll
    static void setUp() {
        Config config = ConfigProvider.getConfig();
        streams = GameStreams.of(config);
        String bootstrap = config.getValue("kafka.bootstrap.servers", String.class);
        commands = StreamRecorder.rawFromNow(bootstrap, IsolatedTopics.configured(config, Topic.GAME_COMMANDS));
        audit = StreamRecorder.fromNow(bootstrap, StaffApiTest::auditEntry, IsolatedTopics.configured(config, Topic.ADMIN_AUDIT));
        aliceToken = DemoTokens.accessToken("alice", "alice");
        bobToken = DemoTokens.accessToken("bob", "bob");
        modToken = DemoTokens.accessToken("mod", "mod");
        adminToken = DemoTokens.accessToken("admin", "admin");
        guestToken = DemoTokens.guestToken("gail");
        alice = new PlayerRef(DemoTokens.claims(aliceToken).get("sub").asText(), "alice");
        bob = new PlayerRef(DemoTokens.claims(bobToken).get("sub").asText(), "bob");
    }

    @AfterAll
    static void tearDown() throws Exception {
        streams.close();
        commands.close();
        audit.close();
    }

    private static AuditEntry auditEntry(String json) {
        try {
            return Contracts.json().readValue(json, AuditEntry.class);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String newGame(TimeControl timeControl) {
        String gameId = UUID.randomUUID().toString();
        streams.send(CreateGame.of(gameId, alice, bob, true, timeControl));
        streams.await(gameId, GameStarted.class, started -> true);
        return gameId;
    }

    private static String finishedGame() {
        String gameId = newGame(TimeControl.UNTIMED);
        streams.send(Resign.of(gameId, bob.id()));
        streams.await(gameId, GameEnded.class, ended -> true);
        return gameId;
    }

    private static RequestSpecification as(String token) {
        return given().auth().oauth2(token).contentType(ContentType.JSON);
    }

    private long auditRows(String gameId) throws Exception {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement("select count(*) from admin_audit where game_id = ?")) {
            query.setString(1, gameId);
            try (ResultSet rs = query.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static long commandsFor(String gameId) {
        return commands.records(r -> gameId.equals(r.key())).size();
    }

    @Test
    void everyStaffEndpointRefusesNonStaffAndAModeratorTheAdminsAndARefusedCallSendsNothing() throws Exception {
        String live = newGame(TimeControl.UNTIMED);
        String finished = finishedGame();
        streams.send(PostChat.of(live, alice.id(), "alice", ChatChannel.PLAYERS, "hello"));
        String messageId = streams.await(live, ChatPosted.class, posted -> true).eventId();
        String reason = "{\"reason\":\"test\"}";
        long liveCommandsBefore = commandsFor(live);
        long finishedCommandsBefore = commandsFor(finished);

        List<Call> calls = List.of(
                new Call("GET", "/api/admin/games", null),
                new Call("GET", "/api/admin/audit", null),
                new Call("GET", "/api/admin/status", null),
                new Call("POST", "/api/admin/games/" + live + "/abort", reason),
                new Call("POST", "/api/admin/games/" + finished + "/annul", reason),
                new Call("POST", "/api/games/" + live + "/abort", reason),
                new Call("DELETE", "/api/games/" + live + "/chat/" + messageId, reason));
        for (Call call : calls) {
            RequestSpecification anonymous = given().contentType(ContentType.JSON);
            send(anonymous, call).then().statusCode(401);
            send(as("not.a.token"), call).then().statusCode(401);
            for (String token : List.of(aliceToken, guestToken)) {
                send(as(token), call).then().statusCode(403).body("error", equalTo("STAFF_ONLY"));
            }
        }
        as(modToken).body(reason).post("/api/admin/games/{id}/annul", finished).then().statusCode(403).body("error", equalTo("ADMIN_ONLY"));

        // Bad input from staff is refused too, before anything is sent.
        as(modToken).body("{}").post("/api/admin/games/{id}/abort", live).then().statusCode(400).body("error", equalTo("MISSING_REASON"));
        as(modToken).body("{\"reason\":\"" + "r".repeat(501) + "\"}").post("/api/admin/games/{id}/abort", live).then().statusCode(400)
                .body("error", equalTo("BAD_REASON"));
        as(modToken).body("{\"reason\":\"a\\u0000b\"}").post("/api/admin/games/{id}/abort", live).then().statusCode(400)
                .body("error", equalTo("BAD_REASON"));
        as(modToken).body("{\"reason\":7}").post("/api/admin/games/{id}/abort", live).then().statusCode(400);
        as(modToken).body(reason).post("/api/admin/games/{id}/abort", "no-such-game").then().statusCode(404).body("error", equalTo("UNKNOWN_GAME"));
        as(modToken).body(reason).post("/api/admin/games/{id}/abort", finished).then().statusCode(409).body("error", equalTo("GAME_OVER"));
        as(adminToken).body(reason).post("/api/admin/games/{id}/annul", live).then().statusCode(409).body("error", equalTo("NOT_FINISHED"));
        as(modToken).get("/api/admin/games?limit=0").then().statusCode(400).body("error", equalTo("BAD_LIMIT"));
        as(modToken).get("/api/admin/games?limit=1001").then().statusCode(400).body("error", equalTo("BAD_LIMIT"));
        as(modToken).get("/api/admin/audit?action=DROP_TABLE").then().statusCode(400).body("error", equalTo("BAD_ACTION"));
        as(modToken).get("/api/admin/audit?since=yesterday").then().statusCode(400).body("error", equalTo("BAD_TIME"));

        // A barrier: one accepted abort of the live game, on the same partition after anything a refused call might have sent.
        as(modToken).body(reason).post("/api/admin/games/{id}/abort", live).then().statusCode(202);
        streams.await(live, GameEnded.class, ended -> true);
        audit.awaitMatching("the barrier's audit record", r -> live.equals(r.key()));
        assertThat(commandsFor(live) - liveCommandsBefore).isEqualTo(1);
        assertThat(commandsFor(finished)).isEqualTo(finishedCommandsBefore);
        assertThat(auditRows(live)).isEqualTo(1);
        assertThat(auditRows(finished)).isZero();
        assertThat(audit.records(r -> finished.equals(r.key()) || messageId.equals(r.key()))).isEmpty();
        given().get("/api/games/{id}", finished).then().body("annulled", nullValue());
        as(aliceToken).get("/api/games/{id}/chat", live).then().body("messages[0].removed", equalTo(false));
    }

    private record Call(String method, String path, String body) {
    }

    private static io.restassured.response.Response send(RequestSpecification request, Call call) {
        if (call.body() != null) {
            request = request.body(call.body());
        }
        return switch (call.method()) {
            case "GET" -> request.get(call.path());
            case "POST" -> request.post(call.path());
            default -> request.delete(call.path());
        };
    }

    @Test
    void aModeratorAbortsALiveGameWithAReasonEveryoneSeesAndItIsAuditedOnce() throws Exception {
        String gameId = newGame(new TimeControl(300, 0));
        streams.send(PlayMove.of(gameId, alice.id(), 1, "K10"));
        streams.await(gameId, MovePlayed.class, played -> true);

        String commandId = as(modToken).body("{\"reason\":\"players reported a stuck game\"}").post("/api/admin/games/{id}/abort", gameId)
                .then().statusCode(202).body("gameId", equalTo(gameId)).extract().path("commandId");
        GameEnded ended = streams.await(gameId, GameEnded.class, e -> true);
        assertThat(ended.commandId()).isEqualTo(commandId);
        assertThat(ended.reason()).isEqualTo(EndReason.ABORTED);
        assertThat(ended.note()).isEqualTo("players reported a stuck game");
        given().get("/api/games/{id}", gameId).then().statusCode(200)
                .body("reason", equalTo("ABORTED")).body("endNote", equalTo("players reported a stuck game")).body("annulled", nullValue());

        AuditEntry entry = audit.awaitMatching("the abort's audit record", r -> gameId.equals(r.key())).value();
        assertThat(entry.actor().username()).isEqualTo("mod");
        assertThat(entry.actor().role().name()).isEqualTo("MODERATOR");
        assertThat(entry.outcome().name()).isEqualTo("APPLIED");
        JsonPath listed = as(modToken).get("/api/admin/audit?game={id}", gameId).then().statusCode(200)
                .body("service", equalTo("game-service")).extract().jsonPath();
        assertThat(listed.getList("entries.auditId")).containsExactly(entry.auditId());
        assertThat(listed.getString("entries[0].action")).isEqualTo("ABORT_GAME");
        assertThat(listed.getString("entries[0].actor.username")).isEqualTo("mod");
        assertThat(auditRows(gameId)).isEqualTo(1);

        // The bot API's abort is the same command: a second one is refused by the rules, and that refusal is audited.
        as(modToken).body("{\"reason\":\"again\"}").post("/api/games/{id}/abort", gameId).then().statusCode(409)
                .body("reason", equalTo("GAME_OVER"));
        assertThat(audit.awaitCount("both audit records", 2, r -> gameId.equals(r.key()), Duration.ofSeconds(20)))
                .extracting(r -> r.value().outcome().name()).containsExactly("APPLIED", "REFUSED");
        assertThat(auditRows(gameId)).isEqualTo(2);
    }

    @Test
    void theBotApiAbortsForAModeratorWithTheNote() {
        String gameId = newGame(TimeControl.UNTIMED);
        as(modToken).body("{\"reason\":\"server maintenance\"}").post("/api/games/{id}/abort", gameId).then().statusCode(200)
                .body("outcome", equalTo("APPLIED")).body("event.note", equalTo("server maintenance"));
    }

    @Test
    void anAdminAnnulsAFinishedGameOnce() throws Exception {
        String gameId = finishedGame();
        as(adminToken).body("{\"reason\":\"collusion\"}").post("/api/admin/games/{id}/annul", gameId).then().statusCode(202)
                .body("gameId", equalTo(gameId)).body("commandId", notNullValue());
        GameAnnulled annulled = streams.await(gameId, GameAnnulled.class, a -> true);
        assertThat(annulled.ranked()).isTrue();
        assertThat(annulled.staff().username()).isEqualTo("admin");
        assertThat(annulled.white()).isEqualTo(alice);
        JsonPath view = given().get("/api/games/{id}", gameId).then().statusCode(200).extract().jsonPath();
        assertThat(view.getString("status")).isEqualTo("WHITE_WINS");
        assertThat(view.getString("annulled.by")).isEqualTo("admin");
        assertThat(view.getString("annulled.reason")).isEqualTo("collusion");
        assertThat(view.getString("annulled.at")).isNotBlank();
        assertThat(view.getString("endNote")).isNull();
        as(adminToken).body("{\"reason\":\"twice\"}").post("/api/admin/games/{id}/annul", gameId).then().statusCode(409)
                .body("error", equalTo("ALREADY_ANNULLED"));
        assertThat(audit.awaitMatching("the annulment's audit record", r -> gameId.equals(r.key())).value().action().name())
                .isEqualTo("ANNUL_GAME");
        assertThat(auditRows(gameId)).isEqualTo(1);
    }

    @Test
    void aModeratorsChatRemovalIsAuditedWithTheMessageAsTarget() {
        String gameId = newGame(TimeControl.UNTIMED);
        streams.send(PostChat.of(gameId, "carol-id", "carol", ChatChannel.SPECTATORS, "spam"));
        String messageId = streams.await(gameId, ChatPosted.class, posted -> true).eventId();
        as(modToken).body("{\"reason\":\"spam\"}").delete("/api/games/{id}/chat/{messageId}", gameId, messageId).then().statusCode(202);
        ChatRemoved removed = streams.await(gameId, ChatRemoved.class, r -> true);
        assertThat(removed.messageId()).isEqualTo(messageId);
        AuditEntry entry = audit.awaitMatching("the removal's audit record", r -> messageId.equals(r.key())).value();
        assertThat(entry.action().name()).isEqualTo("REMOVE_CHAT");
        assertThat(entry.gameId()).isEqualTo(gameId);
        assertThat(entry.actor().username()).isEqualTo("mod");
    }

    @Test
    void theStaffsLiveListHasIdleGamesAndClocksAndTheStatusCountsLiveGames() throws Exception {
        String timed = newGame(new TimeControl(300, 5));
        streams.send(PlayMove.of(timed, alice.id(), 1, "K10"));
        streams.await(timed, MovePlayed.class, played -> true);
        String idle = newGame(TimeControl.UNTIMED);
        try (Connection connection = dataSource.getConnection();
             PreparedStatement update = connection.prepareStatement("update games set turn_started_at = now() - interval '2 hours' where id = ?")) {
            update.setString(1, idle);
            assertThat(update.executeUpdate()).isEqualTo(1);
        }
        JsonPath publicList = given().get("/api/games?status=live&limit=500").then().statusCode(200).extract().jsonPath();
        assertThat(publicList.getList("id")).doesNotContain(idle);

        JsonPath list = as(modToken).get("/api/admin/games").then().statusCode(200).extract().jsonPath();
        assertThat(list.getList("games.id")).contains(timed, idle);
        Map<String, Object> game = list.getMap("games.find { it.id == '" + timed + "' }");
        assertThat(game).containsEntry("ply", 1).containsEntry("toMove", "BLACK").containsEntry("ranked", true)
                .containsEntry("white", Map.of("id", alice.id(), "name", "alice")).containsEntry("status", "ONGOING");
        @SuppressWarnings("unchecked")
        Map<String, Object> clocks = (Map<String, Object>) game.get("clocks");
        assertThat(clocks.get("running")).isEqualTo("BLACK");
        assertThat(((Number) clocks.get("whiteMillis")).longValue()).isBetween(290_000L, 305_000L);
        assertThat(((Number) clocks.get("blackMillis")).longValue()).isBetween(1L, 300_000L);
        assertThat(list.getMap("games.find { it.id == '" + idle + "' }")).containsEntry("clocks", null);
        assertThat(as(modToken).get("/api/admin/games?limit=1").then().statusCode(200).extract().jsonPath().getList("games")).hasSize(1);

        JsonPath status = as(modToken).get("/api/admin/status").then().statusCode(200).extract().jsonPath();
        assertThat(status.getString("service")).isEqualTo("game-service");
        assertThat(status.getString("instance")).isNotBlank();
        assertThat(status.getString("version")).isNotBlank();
        assertThat(status.getMap("")).containsKey("outboxBacklog").containsEntry("outboxBacklog", null);
        assertThat(status.getLong("liveGames")).isGreaterThanOrEqualTo(2);
        List<String> noPut = new ArrayList<>();
        for (String method : List.of("PUT", "PATCH", "DELETE")) {
            int code = as(adminToken).body("{}").request(method, "/api/admin/audit").statusCode();
            if (code != 405 && code != 404) {
                noPut.add(method + " " + code);
            }
        }
        assertThat(noPut).isEmpty();
    }
}

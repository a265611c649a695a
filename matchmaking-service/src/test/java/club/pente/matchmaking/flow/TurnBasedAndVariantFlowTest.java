package club.pente.matchmaking.flow;

import club.pente.core.contract.CreateGame;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Variant;
import club.pente.matchmaking.support.MatchmakingStreams;
import club.pente.matchmaking.support.MatchmakingTestResource;
import club.pente.matchmaking.support.Players;
import club.pente.matchmaking.support.Players.Tokened;
import club.pente.matchmaking.support.TestDb;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static club.pente.matchmaking.support.MatchmakingStreams.await;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;

/**
 * Variants and turn-based (days per move) seeks, invitations and computer games through the REST API against real
 * Kafka, PostgreSQL and Keycloak: pools never mix variants or days, the games carry both, one player holds many
 * turn-based games and seeks beside one live seek, and hostile values change nothing.
 */
@QuarkusTest
@QuarkusTestResource(value = MatchmakingTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class TurnBasedAndVariantFlowTest {
    private static MatchmakingStreams streams;

    @BeforeAll
    static void setUp() {
        streams = MatchmakingStreams.of(ConfigProvider.getConfig());
        // Turn-based seeks wait for days: one left by an earlier, interrupted run would pair with this run's.
        TestDb.update("update seeks set status = 'CANCELLED' where status = 'WAITING' and days_per_move > 0");
    }

    @AfterAll
    static void tearDown() throws Exception {
        TestDb.update("update seeks set status = 'CANCELLED' where status = 'WAITING' and days_per_move > 0");
        streams.close();
    }

    private static String seek(Tokened player, String timeControl, String variant) {
        String body = "{\"mode\":\"CASUAL\",\"timeControl\":\"" + timeControl + "\"" + (variant == null ? "" : ",\"variant\":\"" + variant + "\"")
                + "}";
        return player.request().body(body).post("/api/matchmaking/seeks").then().statusCode(201)
                .body("status", equalTo("WAITING")).body("timeControl", equalTo(timeControl.toLowerCase()))
                .body("variant", equalTo(variant == null ? "PENTE" : variant.toUpperCase()))
                .body("turnBased", equalTo(timeControl.endsWith("d") || timeControl.endsWith("D")))
                .extract().path("id");
    }

    private static Response awaitStatus(Tokened player, String seekId, String status) {
        return await(() -> {
            Response response = player.request().get("/api/matchmaking/seeks/{id}", seekId);
            return status.equals(response.path("status")) ? response : null;
        }, "seek " + seekId + " " + status);
    }

    private static String status(Tokened player, String seekId) {
        return player.request().get("/api/matchmaking/seeks/{id}", seekId).then().statusCode(200).extract().path("status");
    }

    private static int rows(Tokened player) {
        return ((Number) TestDb.single("select (select count(*) from seeks where player_id = ?) + (select count(*) from invitations"
                + " where inviter_id = ? or accepted_by = ?) + (select count(*) from games where white_id = ? or black_id = ?)",
                player.id(), player.id(), player.id(), player.id(), player.id())).intValue();
    }

    @Test
    void aKeryoSeekNeverPairsWithAPenteSeekAndTwoThreeDayKeryoSeeksMakeAThreeDayKeryoGame() {
        Tokened ann = Players.guest("Ann3d");
        Tokened ben = Players.guest("Ben3d");
        Tokened cid = Players.guest("Cid3d");
        String annSeek = seek(ann, "3d", "keryo");
        String benSeek = seek(ben, "3d", "PENTE");
        String cidSeek = seek(cid, "3D", "Keryo");

        Response annMatched = awaitStatus(ann, annSeek, "MATCHED");
        Response cidMatched = awaitStatus(cid, cidSeek, "MATCHED");
        String gameId = annMatched.path("gameId");
        assertThat((String) cidMatched.path("gameId")).isEqualTo(gameId);
        assertThat((String) annMatched.path("opponent.id")).isEqualTo(cid.id());
        // The round that paired Ann with the younger Cid had Ben's older Pente seek of the same days to choose from.
        assertThat(status(ben, benSeek)).isEqualTo("WAITING");

        CreateGame create = streams.awaitCreateGame(gameId);
        assertThat(create.variant()).isEqualTo(Variant.KERYO);
        assertThat(create.timeControl()).isEqualTo(TimeControl.daysPerMove(3));
        assertThat(create.tournamentId()).isNull();
        assertThat(create.ranked()).isFalse();
        given().get("/api/matchmaking/games/{id}", gameId).then().statusCode(200)
                .body("variant", equalTo("KERYO")).body("timeControl", equalTo("3d")).body("clock", equalTo("3d"))
                .body("turnBased", equalTo(true));
        assertThat(TestDb.single("select days_per_move from games where id = ?", gameId)).isEqualTo(3);

        List<Map<String, Object>> open = given().get("/api/matchmaking/seeks").then().statusCode(200).extract().path("seeks");
        assertThat(open).filteredOn(s -> benSeek.equals(s.get("id"))).singleElement().satisfies(s -> {
            assertThat(s.get("variant")).isEqualTo("PENTE");
            assertThat(s.get("turnBased")).isEqualTo(true);
            assertThat(s.get("clock")).isEqualTo("3d");
        });
        ben.request().delete("/api/matchmaking/seeks/{id}", benSeek).then().statusCode(200).body("status", equalTo("CANCELLED"));
    }

    @Test
    void aLiveSeekIsListedAndPairedEvenBehindMoreThanAListOfOlderTurnBasedSeeks() {
        // 150 turn-based seeks of one (test-made) player, older than anything: more than the list (100) holds.
        String crowd = "guest:crowd-" + java.util.UUID.randomUUID();
        for (int i = 0; i < 150; i++) {
            TestDb.update("insert into seeks (id, player_id, player_name, mode, time_control, rating, status, created_at, last_seen_at, "
                    + "variant, days_per_move) values (?, ?, 'Crowd', 'CASUAL', '7d', 1500, 'WAITING', now() - interval '1 hour', now(), "
                    + "'PENTE', 7)", "crowd-" + java.util.UUID.randomUUID(), crowd);
        }
        try {
            Tokened ivy = Players.guest("Ivy");
            Tokened jon = Players.guest("Jon");
            String ivySeek = seek(ivy, "15+10", "keryo");
            List<String> listed = given().get("/api/matchmaking/seeks").then().statusCode(200).extract().path("seeks.id");
            assertThat(listed).hasSizeLessThanOrEqualTo(100).contains(ivySeek);
            String jonSeek = seek(jon, "15+10", "keryo");
            String game = awaitStatus(ivy, ivySeek, "MATCHED").path("gameId");
            assertThat(awaitStatus(jon, jonSeek, "MATCHED").<String>path("gameId")).isEqualTo(game);
        } finally {
            TestDb.update("delete from seeks where player_id = ?", crowd);
        }
    }

    @Test
    void onePlayerHoldsTwoTurnBasedGamesAndALiveSeekAtOnceButNotTwoLiveSeeks() {
        Tokened gil = Players.guest("Gil");
        Tokened hal = Players.guest("Hal");
        // Game one: paired by the loop (1 day, Pente).
        String gilFirst = seek(gil, "1d", null);
        String halFirst = seek(hal, "1d", null);
        String firstGame = awaitStatus(gil, gilFirst, "MATCHED").path("gameId");
        awaitStatus(hal, halFirst, "MATCHED");
        // Game two: Hal joins Gil's 7-day Gomoku seek directly.
        String gilSecond = seek(gil, "7d", "gomoku");
        String secondGame = hal.request().post("/api/matchmaking/seeks/{id}/join", gilSecond).then().statusCode(201)
                .body("variant", equalTo("GOMOKU")).body("timeControl", equalTo("7d")).body("turnBased", equalTo(true))
                .extract().path("gameId");
        assertThat(streams.awaitCreateGame(firstGame).timeControl().daysPerMove()).isEqualTo(1);
        CreateGame second = streams.awaitCreateGame(secondGame);
        assertThat(second.variant()).isEqualTo(Variant.GOMOKU);
        assertThat(second.timeControl().daysPerMove()).isEqualTo(7);

        // With both turn-based games going, a live seek and more turn-based seeks are allowed; a second live one is not.
        String live = seek(gil, "30+20", "gomoku");
        String third = seek(gil, "2d", null);
        String fourth = seek(gil, "2d", "keryo");
        gil.request().body("{\"mode\":\"CASUAL\",\"timeControl\":\"untimed\"}").post("/api/matchmaking/seeks").then()
                .statusCode(409).body("error", equalTo("ALREADY_SEEKING"));
        assertThat(((Number) TestDb.single("select count(*) from seeks where player_id = ? and status = 'WAITING'", gil.id())).intValue())
                .isEqualTo(3);
        assertThat(((Number) TestDb.single("select count(*) from games where (white_id = ? or black_id = ?) and ended_at is null",
                gil.id(), gil.id())).intValue()).isEqualTo(2);
        for (String id : List.of(live, third, fourth)) {
            gil.request().delete("/api/matchmaking/seeks/{id}", id).then().statusCode(200).body("status", equalTo("CANCELLED"));
        }
    }

    @Test
    void invitationsAndComputerGamesCarryTheirVariantAndDays() {
        Tokened ivy = Players.guest("Ivy");
        Tokened jon = Players.guest("Jon");
        String code = ivy.request().body("{\"mode\":\"CASUAL\",\"timeControl\":\"5d\",\"variant\":\"gomoku\",\"color\":\"WHITE\"}")
                .post("/api/matchmaking/invitations").then().statusCode(201).body("variant", equalTo("GOMOKU"))
                .body("timeControl", equalTo("5d")).body("turnBased", equalTo(true)).extract().path("code");
        given().get("/api/matchmaking/invitations/{code}", code).then().statusCode(200).body("variant", equalTo("GOMOKU"));
        String gameId = jon.request().post("/api/matchmaking/invitations/{code}/accept", code).then().statusCode(200)
                .body("variant", equalTo("GOMOKU")).body("timeControl", equalTo("5d")).extract().path("gameId");
        CreateGame invited = streams.awaitCreateGame(gameId);
        assertThat(invited.variant()).isEqualTo(Variant.GOMOKU);
        assertThat(invited.timeControl()).isEqualTo(TimeControl.daysPerMove(5));
        assertThat(invited.white().id()).isEqualTo(ivy.id());

        String computerGame = ivy.request().body("{\"level\":2,\"color\":\"BLACK\",\"timeControl\":\"2d\",\"variant\":\"KERYO\"}")
                .post("/api/matchmaking/ai-games").then().statusCode(201).body("variant", equalTo("KERYO"))
                .body("timeControl", equalTo("2d")).body("turnBased", equalTo(true)).extract().path("gameId");
        CreateGame computer = streams.awaitCreateGame(computerGame);
        assertThat(computer.variant()).isEqualTo(Variant.KERYO);
        assertThat(computer.timeControl().daysPerMove()).isEqualTo(2);
        assertThat(computer.white().id()).isEqualTo("ai:2");
    }

    @Test
    void presetsListTheDaysPerMoveWithATurnBasedFlagAndTheVariants() {
        Response presets = given().get("/api/matchmaking/seeks/presets").then().statusCode(200)
                .body("timeControls", hasItems("5+5", "untimed", "1d", "2d", "3d", "5d", "7d"))
                .body("defaultTimeControl", equalTo("5+5")).body("clocks.'3d'", equalTo("3d")).body("clocks.'5+5'", equalTo("300+5"))
                .body("variants", hasItems("PENTE", "KERYO", "GOMOKU")).body("defaultVariant", equalTo("PENTE"))
                .extract().response();
        List<Map<String, Object>> list = presets.path("presets");
        assertThat(list).filteredOn(p -> Boolean.TRUE.equals(p.get("turnBased"))).extracting(p -> p.get("name"))
                .containsExactly("1d", "2d", "3d", "5d", "7d");
        assertThat(list).filteredOn(p -> "7d".equals(p.get("name"))).singleElement()
                .satisfies(p -> assertThat(p.get("daysPerMove")).isEqualTo(7));
        assertThat(list).filteredOn(p -> "10+5".equals(p.get("name"))).singleElement().satisfies(p -> {
            assertThat(p.get("turnBased")).isEqualTo(false);
            assertThat(p.get("daysPerMove")).isEqualTo(0);
        });
    }

    @Test
    void hostileVariantsAndDaysAre400AndChangeNothing() {
        Tokened kim = Players.guest("Kim");
        String tooLong = "k".repeat(3000);
        List<String[]> refused = List.of(
                new String[]{"/api/matchmaking/seeks", "{\"mode\":\"CASUAL\",\"timeControl\":\"3d\",\"variant\":\"" + tooLong + "\"}",
                        "UNKNOWN_VARIANT"},
                new String[]{"/api/matchmaking/seeks", "{\"mode\":\"CASUAL\",\"timeControl\":\"3d\",\"variant\":\"renju\"}", "UNKNOWN_VARIANT"},
                new String[]{"/api/matchmaking/seeks", "{\"mode\":\"CASUAL\",\"timeControl\":\"4d\",\"variant\":\"KERYO\"}",
                        "UNKNOWN_TIME_CONTROL"},
                new String[]{"/api/matchmaking/seeks", "{\"mode\":\"CASUAL\",\"timeControl\":\"99d\"}", "UNKNOWN_TIME_CONTROL"},
                new String[]{"/api/matchmaking/invitations", "{\"mode\":\"CASUAL\",\"timeControl\":\"3d\",\"variant\":\"" + tooLong + "\"}",
                        "UNKNOWN_VARIANT"},
                new String[]{"/api/matchmaking/invitations", "{\"mode\":\"CASUAL\",\"timeControl\":\"4d\"}", "UNKNOWN_TIME_CONTROL"},
                new String[]{"/api/matchmaking/invitations", "{\"mode\":\"CASUAL\",\"timeControl\":\"99d\",\"variant\":\"gomoku\"}",
                        "UNKNOWN_TIME_CONTROL"},
                new String[]{"/api/matchmaking/ai-games", "{\"level\":3,\"variant\":\"chess\"}", "UNKNOWN_VARIANT"},
                new String[]{"/api/matchmaking/ai-games", "{\"level\":3,\"timeControl\":\"4d\"}", "UNKNOWN_TIME_CONTROL"},
                new String[]{"/api/matchmaking/ai-games", "{\"level\":3,\"timeControl\":\"99d\",\"variant\":\"" + tooLong + "\"}",
                        "UNKNOWN_TIME_CONTROL"});
        for (String[] request : refused) {
            String message = kim.request().body(request[1]).post(request[0]).then().statusCode(400).body("error", equalTo(request[2]))
                    .extract().path("message");
            assertThat(message).as("the message does not echo a long value").hasSizeLessThan(200);
        }
        kim.request().body("{\"mode\":\"CASUAL\",\"timeControl\":\"3d\",\"variant\":7}").post("/api/matchmaking/seeks").then()
                .statusCode(400);
        assertThat(rows(kim)).isZero();
    }
}

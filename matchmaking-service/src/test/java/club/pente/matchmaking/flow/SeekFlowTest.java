package club.pente.matchmaking.flow;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.LobbyCounts;
import club.pente.core.contract.PresenceChanged;
import club.pente.core.contract.SeekMatched;
import club.pente.core.rules.Color;
import club.pente.matchmaking.support.MatchmakingStreams;
import club.pente.matchmaking.support.MatchmakingTestResource;
import club.pente.matchmaking.support.Players;
import club.pente.matchmaking.support.Players.Tokened;
import club.pente.matchmaking.support.TestDb;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.UUID;

import static club.pente.matchmaking.support.MatchmakingStreams.await;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;

/**
 * Seeks through the REST API against real Kafka, PostgreSQL and Keycloak. Each test uses its own pool
 * (mode + time control) so that a seek left by one test cannot pair with another test's.
 */
@QuarkusTest
@QuarkusTestResource(value = MatchmakingTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class SeekFlowTest {
    private static MatchmakingStreams streams;
    private static Tokened alice;
    private static Tokened bob;

    @BeforeAll
    static void setUp() {
        streams = MatchmakingStreams.of(ConfigProvider.getConfig());
        alice = Players.account("alice");
        bob = Players.account("bob");
    }

    @AfterAll
    static void tearDown() throws Exception {
        streams.close();
    }

    private static String seek(Tokened player, String mode, String timeControl) {
        return player.request().body("{\"mode\":\"" + mode + "\",\"timeControl\":\"" + timeControl + "\"}")
                .post("/api/matchmaking/seeks").then().statusCode(201)
                .body("status", equalTo("WAITING")).body("mode", equalTo(mode)).body("timeControl", equalTo(timeControl))
                .extract().path("id");
    }

    private static Response awaitStatus(Tokened player, String seekId, String status) {
        return await(() -> {
            Response response = player.request().get("/api/matchmaking/seeks/{id}", seekId);
            return status.equals(response.path("status")) ? response : null;
        }, "seek " + seekId + " " + status);
    }

    @Test
    void twoGuestsSeekingTheSameCasualGameArePairedIntoOneGame() {
        Tokened ann = Players.guest("Ann");
        Tokened ben = Players.guest("Ben");
        String annSeek = seek(ann, "CASUAL", "5+5");
        String benSeek = seek(ben, "CASUAL", "5+5");

        Response annMatched = awaitStatus(ann, annSeek, "MATCHED");
        Response benMatched = awaitStatus(ben, benSeek, "MATCHED");
        String gameId = annMatched.path("gameId");
        assertThat(gameId).isNotNull().isEqualTo(benMatched.path("gameId"));
        assertThat((String) annMatched.path("color")).isNotEqualTo(benMatched.path("color"));
        assertThat((String) annMatched.path("opponent.id")).isEqualTo(ben.id());
        assertThat((String) benMatched.path("opponent.name")).isEqualTo("Ann");

        CreateGame create = streams.awaitCreateGame(gameId);
        assertThat(create.ranked()).isFalse();
        assertThat(create.timeControl().initialSeconds()).isEqualTo(300);
        assertThat(create.timeControl().incrementSeconds()).isEqualTo(5);
        String white = "WHITE".equals(annMatched.path("color")) ? ann.id() : ben.id();
        assertThat(create.white().id()).isEqualTo(white);
        assertThat(create.black().id()).isEqualTo(white.equals(ann.id()) ? ben.id() : ann.id());
        assertThat(streams.commands()).filteredOn(k -> k.value().gameId().equals(gameId))
                .allSatisfy(k -> assertThat(k.key()).isEqualTo(gameId)).hasSize(1);

        SeekMatched toAnn = streams.awaitNotification(ann.id(), SeekMatched.class, m -> m.seekId().equals(annSeek));
        SeekMatched toBen = streams.awaitNotification(ben.id(), SeekMatched.class, m -> m.seekId().equals(benSeek));
        assertThat(toAnn.gameId()).isEqualTo(gameId);
        assertThat(toBen.gameId()).isEqualTo(gameId);
        assertThat(toAnn.color()).isEqualTo(Color.valueOf(annMatched.path("color"))).isEqualTo(toBen.color().opponent());
        assertThat(toAnn.opponent().id()).isEqualTo(ben.id());

        // Too late to cancel: it was matched.
        ann.request().delete("/api/matchmaking/seeks/{id}", annSeek).then().statusCode(409)
                .body("error", equalTo("ALREADY_MATCHED"));
    }

    @Test
    void rankedPairsTwoAccountsAtTheDefaultRatingAndFairsTheNextColours() {
        String aliceSeek = seek(alice, "RANKED", "10+5");
        String bobSeek = seek(bob, "RANKED", "10+5");
        Response aliceMatched = awaitStatus(alice, aliceSeek, "MATCHED");
        awaitStatus(bob, bobSeek, "MATCHED");
        assertThat((Integer) aliceMatched.path("rating")).as("no rating service: default").isEqualTo(1500);
        CreateGame first = streams.awaitCreateGame(aliceMatched.path("gameId"));
        assertThat(first.ranked()).isTrue();
        assertThat(first.timeControl().initialSeconds()).isEqualTo(600);

        assertThat(((Number) TestDb.single("select whites + blacks from colour_history where player_id = ?", alice.id())).intValue())
                .as("the game counted in alice's colour history").isPositive();

        // Colour fairness: bob had white far more often than alice, so alice gets white.
        TestDb.update("update colour_history set whites = 0, blacks = 6 where player_id = ?", alice.id());
        TestDb.update("update colour_history set whites = 6, blacks = 1 where player_id = ?", bob.id());
        String aliceAgain = seek(alice, "RANKED", "10+5");
        String bobAgain = seek(bob, "RANKED", "10+5");
        Response again = awaitStatus(alice, aliceAgain, "MATCHED");
        awaitStatus(bob, bobAgain, "MATCHED");
        assertThat((String) again.path("color")).isEqualTo("WHITE");
        assertThat(streams.awaitCreateGame(again.path("gameId")).white().id()).isEqualTo(alice.id());
        assertThat(TestDb.single("select whites from colour_history where player_id = ?", alice.id())).isEqualTo(1);
    }

    @Test
    void guestsAreRefusedForRankedAndNothingIsStored() {
        Tokened guest = Players.guest("Gus");
        guest.request().body("{\"mode\":\"RANKED\",\"timeControl\":\"10+5\"}").post("/api/matchmaking/seeks").then()
                .statusCode(403).body("error", equalTo("RANKED_NEEDS_ACCOUNT"));
        assertThat(((Number) TestDb.single("select count(*) from seeks where player_id = ?", guest.id())).intValue()).isZero();
    }

    @Test
    void badInputGetsAPrecise400() {
        Tokened guest = Players.guest("Bad");
        guest.request().body("{\"mode\":\"CASUAL\",\"timeControl\":\"7+3\"}").post("/api/matchmaking/seeks").then()
                .statusCode(400).body("error", equalTo("UNKNOWN_TIME_CONTROL"));
        guest.request().body("{\"mode\":\"BLITZ\",\"timeControl\":\"5+5\"}").post("/api/matchmaking/seeks").then()
                .statusCode(400).body("error", equalTo("UNKNOWN_MODE"));
        guest.request().body("{\"mode\":\"CASUAL\",").post("/api/matchmaking/seeks").then()
                .statusCode(400).body("error", equalTo("MALFORMED_JSON"));
        guest.request().body("{\"timeControl\":\"5+5\"}").post("/api/matchmaking/seeks").then()
                .statusCode(400).body("error", equalTo("MISSING_MODE"));
        guest.request().get("/api/matchmaking/seeks/{id}", "no-such-seek").then()
                .statusCode(404).body("error", equalTo("UNKNOWN_SEEK"));
        given().get("/api/matchmaking/seeks/presets").then().statusCode(200).body("timeControls", hasItem("5+5"))
                .body("defaultTimeControl", equalTo("5+5"));
        assertThat(((Number) TestDb.single("select count(*) from seeks where player_id = ?", guest.id())).intValue()).isZero();
    }

    @Test
    void missingForgedAndExpiredTokensAre401() {
        String body = "{\"mode\":\"CASUAL\",\"timeControl\":\"5+5\"}";
        given().contentType(ContentType.JSON).body(body).post("/api/matchmaking/seeks").then()
                .statusCode(401).body("error", equalTo("UNAUTHENTICATED"));
        given().auth().oauth2(Players.forgedGuestToken("Mallory")).contentType(ContentType.JSON).body(body)
                .post("/api/matchmaking/seeks").then().statusCode(401);
        given().auth().oauth2(Players.expiredGuestToken("Late")).contentType(ContentType.JSON).body(body)
                .post("/api/matchmaking/seeks").then().statusCode(401);
        given().auth().oauth2("not.a.token").contentType(ContentType.JSON).body(body)
                .post("/api/matchmaking/seeks").then().statusCode(401);
        // A real guest token works, so the refusals above are about the tokens.
        Tokened guest = Players.guest("Real");
        String id = seek(guest, "CASUAL", "3+2");
        guest.request().delete("/api/matchmaking/seeks/{id}", id).then().statusCode(200).body("status", equalTo("CANCELLED"));
    }

    @Test
    void aCancelledSeekIsNeverPairedAndOnlyItsOwnerSeesOrCancelsIt() {
        Tokened carl = Players.guest("Carl");
        Tokened dora = Players.guest("Dora");
        String carlSeek = seek(carl, "CASUAL", "30+20");
        dora.request().get("/api/matchmaking/seeks/{id}", carlSeek).then().statusCode(403).body("error", equalTo("NOT_YOUR_SEEK"));
        dora.request().delete("/api/matchmaking/seeks/{id}", carlSeek).then().statusCode(403);
        carl.request().delete("/api/matchmaking/seeks/{id}", carlSeek).then().statusCode(200).body("status", equalTo("CANCELLED"));

        // Dora seeks the same pool: Carl's cancelled seek must not be her partner; Eve's is.
        String doraSeek = seek(dora, "CASUAL", "30+20");
        Tokened eve = Players.guest("Eve");
        String eveSeek = seek(eve, "CASUAL", "30+20");
        String gameId = awaitStatus(dora, doraSeek, "MATCHED").path("gameId");
        assertThat((String) awaitStatus(eve, eveSeek, "MATCHED").path("gameId")).isEqualTo(gameId);
        carl.request().get("/api/matchmaking/seeks/{id}", carlSeek).then().statusCode(200).body("status", equalTo("CANCELLED"));
        assertThat(streams.createGames()).noneMatch(c -> c.white().id().equals(carl.id()) || c.black().id().equals(carl.id()));
    }

    @Test
    void oneWaitingSeekPerPlayer() {
        Tokened fay = Players.guest("Fay");
        String first = seek(fay, "CASUAL", "untimed");
        fay.request().body("{\"mode\":\"CASUAL\",\"timeControl\":\"untimed\"}").post("/api/matchmaking/seeks").then()
                .statusCode(409).body("error", equalTo("ALREADY_SEEKING"));
        fay.request().delete("/api/matchmaking/seeks/{id}", first).then().statusCode(200);
        String second = seek(fay, "CASUAL", "untimed");
        fay.request().delete("/api/matchmaking/seeks/{id}", second).then().statusCode(200);
    }

    @Test
    void aSeekExpiresWhenItsPlayerStopsPollingAndKeepaliveKeepsItAlive() {
        Tokened ida = Players.guest("Ida");
        Tokened jon = Players.guest("Jon");
        String alive = seek(ida, "CASUAL", "15+10");
        // Not yet expired (TTL 60 s), but close; a keepalive refreshes it.
        TestDb.update("update seeks set last_seen_at = ? where id = ?", Timestamp.from(Instant.now().minusSeconds(50)), alive);
        ida.request().post("/api/matchmaking/seeks/{id}/keepalive", alive).then().statusCode(200).body("status", equalTo("WAITING"));
        Timestamp seen = (Timestamp) TestDb.single("select last_seen_at from seeks where id = ?", alive);
        assertThat(seen.toInstant()).isAfter(Instant.now().minusSeconds(10));

        TestDb.update("update seeks set status = 'CANCELLED' where id = ?", alive); // out of the way of Jon's seek
        String gone = seek(jon, "CASUAL", "15+10");
        TestDb.update("update seeks set last_seen_at = ? where id = ?", Timestamp.from(Instant.now().minusSeconds(600)), gone);
        await(() -> "EXPIRED".equals(TestDb.single("select status from seeks where id = ?", gone)) ? true : null, "expiry");
        jon.request().get("/api/matchmaking/seeks/{id}", gone).then().statusCode(200).body("status", equalTo("EXPIRED"));
    }

    @Test
    void lobbyCountsFollowPresenceAndSearchingAndArePublished() {
        String gateway = "gw-" + UUID.randomUUID();
        streams.publishPresence(new PresenceChanged(1, Contracts.newId(), "lobby", gateway, 7, 0, 0, Contracts.now()));
        await(() -> Integer.valueOf(7).equals(given().get("/api/matchmaking/lobby").path("online")) ? true : null, "online 7");

        Tokened kim = Players.guest("Kim");
        String id = seek(kim, "CASUAL", "30+20");
        int searching = given().get("/api/matchmaking/lobby").then().statusCode(200)
                .body("online", equalTo(7)).extract().path("searching");
        assertThat(searching).isGreaterThanOrEqualTo(1);
        streams.awaitNotification("lobby", LobbyCounts.class, c -> c.online() == 7 && c.searching() == searching);

        // An older message from the same gateway arriving late changes nothing; a newer one does.
        streams.publishPresence(new PresenceChanged(1, Contracts.newId(), "lobby", gateway, 99, 0, 0,
                Contracts.now().minusSeconds(3600)));
        streams.publishPresence(new PresenceChanged(1, Contracts.newId(), "lobby", gateway, 4, 0, 0, Contracts.now()));
        kim.request().delete("/api/matchmaking/seeks/{id}", id).then().statusCode(200);
        streams.awaitNotification("lobby", LobbyCounts.class, c -> c.online() == 4 && c.searching() == searching - 1);
        assertThat(streams.notifications()).noneMatch(k -> k.value() instanceof LobbyCounts c && c.online() == 99);
    }

    @Test
    void aGatewayThatStoppedReportingNoLongerCountsOnline() {
        // Two gateways: one reports now, the other's last report is 45 s old (killed; its successor has another id).
        TestDb.update("delete from presence"); // other tests' gateways
        String alive = "gw-" + UUID.randomUUID();
        String dead = "gw-" + UUID.randomUUID();
        streams.publishPresence(new PresenceChanged(1, Contracts.newId(), "lobby", dead, 5, 0, 0, Contracts.now().minusSeconds(45)));
        streams.publishPresence(new PresenceChanged(1, Contracts.newId(), "lobby", alive, 7, 0, 0, Contracts.now()));
        await(() -> TestDb.single("select online from presence where gateway_id = ?", alive) != null
                && TestDb.single("select online from presence where gateway_id = ?", dead) != null ? true : null, "both reports stored");
        given().get("/api/matchmaking/lobby").then().statusCode(200).body("online", equalTo(7));
        streams.awaitNotification("lobby", LobbyCounts.class, c -> c.online() == 7);

        // The dead one reports again (it came back): both count; then the live one falls silent for 31 s: it drops out.
        streams.publishPresence(new PresenceChanged(1, Contracts.newId(), "lobby", dead, 5, 0, 0, Contracts.now()));
        await(() -> Integer.valueOf(12).equals(given().get("/api/matchmaking/lobby").path("online")) ? true : null, "online 12");
        TestDb.update("update presence set occurred_at = ? where gateway_id = ?", Timestamp.from(Instant.now().minusSeconds(31)), alive);
        given().get("/api/matchmaking/lobby").then().statusCode(200).body("online", equalTo(5));
        streams.awaitNotification("lobby", LobbyCounts.class, c -> c.online() == 5);
        TestDb.update("delete from presence where gateway_id in (?, ?)", alive, dead);
    }

    @Test
    void healthMetricsAndOpenApiAreServed() {
        given().port(club.pente.testinfra.ManagementInterface.testPort()).get("/q/health/ready").then().statusCode(200);
        given().port(club.pente.testinfra.ManagementInterface.testPort()).get("/q/metrics").then().statusCode(200);
        given().port(club.pente.testinfra.ManagementInterface.testPort()).get("/q/openapi").then().statusCode(200).body(org.hamcrest.Matchers.containsString("/api/matchmaking/seeks"));
        given().get("/api/matchmaking/seeks/presets").then().statusCode(200)
                .body("timeControls", hasItem("10+5")).body("timeControls", notNullValue());
    }
}

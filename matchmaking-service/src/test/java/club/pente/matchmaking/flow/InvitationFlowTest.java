package club.pente.matchmaking.flow;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameReady;
import club.pente.core.contract.InvitationAccepted;
import club.pente.core.contract.MatchFinished;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.RematchOffered;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
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

import java.sql.Timestamp;
import java.time.Instant;

import static club.pente.matchmaking.support.MatchmakingStreams.await;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;

/** Friend invitations, matches and rematches, with the test playing the game service (GameEnded). */
@QuarkusTest
@QuarkusTestResource(value = MatchmakingTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class InvitationFlowTest {
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

    private static String invite(Tokened inviter, String body) {
        return inviter.request().body(body).post("/api/matchmaking/invitations").then().statusCode(201)
                .body("code", matchesPattern("[A-HJKMNP-Z2-9]{8}")).body("status", equalTo("OPEN"))
                .extract().path("code");
    }

    private static Response accept(Tokened friend, String code) {
        return friend.request().post("/api/matchmaking/invitations/{code}/accept", code);
    }

    private static void end(CreateGame game, Status result, PerSide points) {
        streams.publishEvent(new GameEnded(1, Contracts.newId(), game.gameId(), 40, Contracts.now(), Contracts.newId(), result,
                EndReason.FIVE_IN_A_ROW, game.ranked(), game.white(), game.black(), 39, PerSide.ZERO, points, null));
    }

    @Test
    void aGuestAcceptsAnInvitationAndTheGameIsCreatedForBoth() {
        String code = alice.request().body("{\"mode\":\"CASUAL\",\"timeControl\":\"10+5\",\"color\":\"WHITE\"}")
                .post("/api/matchmaking/invitations").then().statusCode(201)
                .body("link", org.hamcrest.Matchers.containsString("/#/invite/")).extract().path("code");
        given().get("/api/matchmaking/invitations/{code}", code).then().statusCode(200)
                .body("inviter.name", equalTo("alice")).body("status", equalTo("OPEN")).body("color", equalTo("WHITE"))
                .body("link", endsWith("/#/invite/" + code));

        Tokened guest = Players.guest("Friend");
        Response accepted = accept(guest, code.toLowerCase());
        accepted.then().statusCode(200).body("color", equalTo("BLACK")).body("opponent.id", equalTo(alice.id()));
        String gameId = accepted.path("gameId");

        CreateGame create = streams.awaitCreateGame(gameId);
        assertThat(create.white().id()).isEqualTo(alice.id());
        assertThat(create.black().id()).isEqualTo(guest.id());
        assertThat(create.black().name()).isEqualTo("Friend");
        assertThat(create.ranked()).isFalse();
        assertThat(create.timeControl().initialSeconds()).isEqualTo(600);
        assertThat(streams.awaitNotification(alice.id(), InvitationAccepted.class, e -> e.code().equals(code)).gameId()).isEqualTo(gameId);
        assertThat(streams.awaitNotification(guest.id(), InvitationAccepted.class, e -> e.code().equals(code)).opponent().id())
                .isEqualTo(alice.id());

        // The same friend asking again gets the same game; anyone else is told the code is used.
        accept(guest, code).then().statusCode(200).body("gameId", equalTo(gameId));
        accept(Players.guest("Late"), code).then().statusCode(409).body("error", equalTo("INVITATION_USED"));
        given().get("/api/matchmaking/invitations/{code}", code).then().body("status", equalTo("ACCEPTED")).body("gameId", equalTo(gameId));
        assertThat(streams.createGames()).filteredOn(c -> c.gameId().equals(gameId)).hasSize(1);
    }

    @Test
    void unknownExpiredCancelledOwnAndRankedAsGuestAreRefusedClearly() {
        Tokened guest = Players.guest("Try");
        accept(guest, "ZZZZ2222").then().statusCode(404).body("error", equalTo("UNKNOWN_INVITATION"));
        given().get("/api/matchmaking/invitations/{code}", "ZZZZ2222").then().statusCode(404);

        String expired = invite(alice, "{\"mode\":\"CASUAL\",\"timeControl\":\"5+5\"}");
        TestDb.update("update invitations set expires_at = ? where code = ?", Timestamp.from(Instant.now().minusSeconds(1)), expired);
        accept(guest, expired).then().statusCode(410).body("error", equalTo("INVITATION_EXPIRED"));
        given().get("/api/matchmaking/invitations/{code}", expired).then().body("status", equalTo("EXPIRED"));

        String cancelled = invite(alice, "{\"mode\":\"CASUAL\",\"timeControl\":\"5+5\"}");
        guest.request().delete("/api/matchmaking/invitations/{code}", cancelled).then().statusCode(403);
        alice.request().delete("/api/matchmaking/invitations/{code}", cancelled).then().statusCode(204);
        accept(guest, cancelled).then().statusCode(410).body("error", equalTo("INVITATION_CANCELLED"));

        String own = invite(alice, "{\"mode\":\"CASUAL\",\"timeControl\":\"5+5\"}");
        accept(alice, own).then().statusCode(409).body("error", equalTo("OWN_INVITATION"));

        String ranked = invite(alice, "{\"mode\":\"RANKED\",\"timeControl\":\"5+5\"}");
        accept(guest, ranked).then().statusCode(403).body("error", equalTo("RANKED_NEEDS_ACCOUNT"));
        guest.request().body("{\"mode\":\"RANKED\",\"timeControl\":\"5+5\"}").post("/api/matchmaking/invitations").then()
                .statusCode(403).body("error", equalTo("RANKED_NEEDS_ACCOUNT"));
        alice.request().body("{\"mode\":\"CASUAL\",\"timeControl\":\"5+5\",\"games\":11}").post("/api/matchmaking/invitations")
                .then().statusCode(400).body("error", equalTo("BAD_GAME_COUNT"));
        alice.request().body("{\"mode\":\"CASUAL\",\"timeControl\":\"1+0\"}").post("/api/matchmaking/invitations")
                .then().statusCode(400).body("error", equalTo("UNKNOWN_TIME_CONTROL"));
        given().post("/api/matchmaking/invitations/{code}/accept", ranked).then().statusCode(401);

        // None of these refusals created a game; the ranked one is still open for an account.
        assertThat(((Number) TestDb.single("select count(*) from games where black_id = ? or white_id = ?", guest.id(), guest.id()))
                .intValue()).isZero();
        accept(bob, ranked).then().statusCode(200);
        assertThat(streams.awaitCreateGame(TestDb.single("select game_id from invitations where code = ?", ranked).toString()).ranked())
                .isTrue();
    }

    @Test
    void aMatchAlternatesColoursSumsTournamentPointsAndEnds() {
        String code = invite(alice, "{\"mode\":\"CASUAL\",\"timeControl\":\"15+10\",\"color\":\"BLACK\",\"games\":3}");
        Tokened guest = Players.guest("Matcher");
        Response accepted = accept(guest, code);
        accepted.then().statusCode(200).body("color", equalTo("WHITE"));
        String matchId = accepted.path("matchId");
        assertThat(matchId).isNotNull();

        // Game 1: alice black. Guest (white) wins with a pente and 2 captures = 7; alice captured 3 pairs.
        CreateGame game1 = streams.awaitCreateGame(accepted.path("gameId"));
        assertThat(game1.black().id()).isEqualTo(alice.id());
        end(game1, Status.WHITE_WINS, new PerSide(7, 3));
        GameReady ready2 = streams.awaitNotification(alice.id(), GameReady.class, r -> matchId.equals(r.matchId()) && r.gameNumber() == 2);
        CreateGame game2 = streams.awaitCreateGame(ready2.gameId());
        assertThat(game2.white().id()).as("colours alternate").isEqualTo(alice.id());
        streams.awaitNotification(guest.id(), GameReady.class, r -> r.gameId().equals(game2.gameId()));

        // A repeated delivery of the same game-1 result changes nothing.
        end(game1, Status.WHITE_WINS, new PerSide(7, 3));

        // Game 2: alice white: 5 + 1 = 6 to her, guest 2.
        end(game2, Status.WHITE_WINS, new PerSide(6, 2));
        GameReady ready3 = streams.awaitNotification(alice.id(), GameReady.class, r -> matchId.equals(r.matchId()) && r.gameNumber() == 3);
        CreateGame game3 = streams.awaitCreateGame(ready3.gameId());
        assertThat(game3.black().id()).isEqualTo(alice.id());

        // Game 3: a draw with captures: guest (white) 4, alice 4.
        end(game3, Status.DRAW, new PerSide(4, 4));
        MatchFinished finished = streams.awaitNotification(alice.id(), MatchFinished.class, f -> f.matchId().equals(matchId));
        assertThat(finished.pointsA()).as("alice: 3 + 6 + 4").isEqualTo(13);
        assertThat(finished.pointsB()).as("guest: 7 + 2 + 4").isEqualTo(13);
        streams.awaitNotification(guest.id(), MatchFinished.class, f -> f.matchId().equals(matchId));

        given().get("/api/matchmaking/matches/{id}", matchId).then().statusCode(200)
                .body("status", equalTo("FINISHED")).body("gamesPlayed", equalTo(3)).body("gamesTotal", equalTo(3))
                .body("pointsA", equalTo(13)).body("pointsB", equalTo(13))
                .body("playerA.id", equalTo(alice.id())).body("games.size()", equalTo(3))
                .body("games[1].pointsWhite", equalTo(6)).body("timeControl", equalTo("15+10")).body("clock", equalTo("900+10"));
        assertThat(streams.createGames()).filteredOn(c -> c.white().id().equals(guest.id()) || c.black().id().equals(guest.id()))
                .as("exactly three games, no fourth").hasSize(3);
        given().get("/api/matchmaking/matches/{id}", "nope").then().statusCode(404).body("error", equalTo("UNKNOWN_MATCH"));
    }

    @Test
    void aRematchNeedsBothPlayersAndSwapsColours() {
        String code = invite(alice, "{\"mode\":\"RANKED\",\"timeControl\":\"5+5\",\"color\":\"WHITE\"}");
        String gameId = accept(bob, code).then().statusCode(200).extract().path("gameId");
        CreateGame game = streams.awaitCreateGame(gameId);

        alice.request().post("/api/matchmaking/games/{id}/rematch", gameId).then().statusCode(409).body("error", equalTo("GAME_NOT_OVER"));
        Players.guest("Stranger").request().post("/api/matchmaking/games/{id}/rematch", gameId).then().statusCode(403);
        alice.request().post("/api/matchmaking/games/{id}/rematch", "unknown-game").then().statusCode(404);

        end(game, Status.BLACK_WINS, new PerSide(0, 5));
        await(() -> TestDb.single("select ended_at from games where id = ?", gameId), "game ended");
        alice.request().post("/api/matchmaking/games/{id}/rematch", gameId).then().statusCode(202).body("state", equalTo("OFFERED"));
        streams.awaitNotification(bob.id(), RematchOffered.class, o -> o.previousGameId().equals(gameId));
        Response created = bob.request().post("/api/matchmaking/games/{id}/rematch", gameId);
        created.then().statusCode(201).body("state", equalTo("CREATED")).body("color", equalTo("WHITE"));
        String rematch = created.path("gameId");
        CreateGame again = streams.awaitCreateGame(rematch);
        assertThat(again.white().id()).isEqualTo(bob.id());
        assertThat(again.black().id()).isEqualTo(alice.id());
        assertThat(again.ranked()).isTrue();
        streams.awaitNotification(alice.id(), GameReady.class, r -> r.gameId().equals(rematch) && r.origin().equals("REMATCH"));
        // Asking again answers with the same rematch.
        alice.request().post("/api/matchmaking/games/{id}/rematch", gameId).then().statusCode(201).body("gameId", equalTo(rematch));
    }
}

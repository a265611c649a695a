package club.pente.matchmaking.flow;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameCreationFailed;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.InvitationDeclined;
import club.pente.core.contract.InvitationReceived;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.SeekMatched;
import club.pente.matchmaking.support.MatchmakingStreams;
import club.pente.matchmaking.support.MatchmakingTestResource;
import club.pente.matchmaking.support.Players;
import club.pente.matchmaking.support.Players.Tokened;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static club.pente.matchmaking.support.MatchmakingStreams.await;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

/**
 * The lobby on the real stack, with the test playing the game service: a game is PENDING until GameStarted,
 * a refused CreateGame fails the invitation and tells both players; addressed invitations (listed, declined);
 * open seeks joined with one click, a seek paired once however many join at the same moment.
 */
@QuarkusTest
@QuarkusTestResource(value = MatchmakingTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class LobbyFlowTest {
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
        return inviter.request().body(body).post("/api/matchmaking/invitations").then().statusCode(201).extract().path("code");
    }

    private static Response awaitGameStatus(String gameId, String status) {
        return await(() -> {
            Response response = given().get("/api/matchmaking/games/{id}", gameId);
            return status.equals(response.path("gameStatus")) ? response : null;
        }, "game " + gameId + " " + status);
    }

    @Test
    void anAcceptedInvitationsGameIsPendingUntilTheGameServiceStartsIt() {
        Tokened guest = Players.guest("Gus");
        String code = invite(alice, "{\"mode\":\"CASUAL\",\"timeControl\":\"5+5\",\"color\":\"WHITE\"}");
        Response accepted = guest.request().post("/api/matchmaking/invitations/{code}/accept", code);
        accepted.then().statusCode(200).body("gameStatus", equalTo("PENDING")).body("gameReady", equalTo(false))
                .body("failure", nullValue());
        String gameId = accepted.path("gameId");
        CreateGame create = streams.awaitCreateGame(gameId);
        given().get("/api/matchmaking/games/{id}", gameId).then().statusCode(200).body("gameStatus", equalTo("PENDING"))
                .body("origin", equalTo("INVITATION")).body("clock", equalTo("300+5")).body("timeControl", equalTo("5+5"));

        streams.publishEvent(new GameStarted(1, Contracts.newId(), gameId, 1, Contracts.now(), create.commandId(), create.white(),
                create.black(), false, create.timeControl(), null));
        awaitGameStatus(gameId, "READY").then().body("gameReady", equalTo(true));
        given().get("/api/matchmaking/invitations/{code}", code).then().body("status", equalTo("ACCEPTED"))
                .body("gameStatus", equalTo("READY")).body("gameReady", equalTo(true));
        guest.request().post("/api/matchmaking/invitations/{code}/accept", code).then().statusCode(200)
                .body("gameId", equalTo(gameId)).body("gameReady", equalTo(true));
        given().get("/api/matchmaking/games/{id}", "no-such-game").then().statusCode(404).body("error", equalTo("UNKNOWN_GAME"));
    }

    @Test
    void aRefusedCreateGameFailsTheInvitationAndTellsBothPlayers() {
        Tokened guest = Players.guest("Refused");
        String code = invite(alice, "{\"mode\":\"CASUAL\",\"timeControl\":\"10+5\",\"color\":\"BLACK\"}");
        String gameId = guest.request().post("/api/matchmaking/invitations/{code}/accept", code).then().statusCode(200)
                .extract().path("gameId");
        CreateGame create = streams.awaitCreateGame(gameId);
        streams.publishEvent(new MoveRejected(1, Contracts.newId(), gameId, 0, Contracts.now(), create.commandId(), create.white().id(),
                RejectionReason.FORBIDDEN, "refused by the test"));

        awaitGameStatus(gameId, "FAILED").then().body("gameReady", equalTo(false)).body("failure.reason", equalTo("FORBIDDEN"))
                .body("failure.message", equalTo("refused by the test"));
        given().get("/api/matchmaking/invitations/{code}", code).then().body("status", equalTo("FAILED"))
                .body("gameStatus", equalTo("FAILED"));
        for (String player : List.of(alice.id(), guest.id())) {
            GameCreationFailed failed = streams.awaitNotification(player, GameCreationFailed.class, n -> n.gameId().equals(gameId));
            assertThat(failed.code()).isEqualTo(code);
            assertThat(failed.origin()).isEqualTo("INVITATION");
            assertThat(failed.reason()).isEqualTo(RejectionReason.FORBIDDEN);
        }
        Players.guest("Late").request().post("/api/matchmaking/invitations/{code}/accept", code).then().statusCode(409)
                .body("error", equalTo("INVITATION_FAILED"));
    }

    @Test
    void joiningYourOwnOrARankedInvitationAsAGuestIsAPreciseRefusal() {
        String code = invite(alice, "{\"mode\":\"RANKED\",\"timeControl\":\"5+5\",\"color\":\"RANDOM\"}");
        Tokened guest = Players.guest("Nora");
        alice.request().get("/api/matchmaking/invitations/{code}", code).then().statusCode(200).body("refusal", equalTo("OWN_INVITATION"));
        guest.request().get("/api/matchmaking/invitations/{code}", code).then().body("refusal", equalTo("RANKED_NEEDS_ACCOUNT"));
        given().get("/api/matchmaking/invitations/{code}", code).then().body("refusal", equalTo("RANKED_NEEDS_ACCOUNT"));
        bob.request().get("/api/matchmaking/invitations/{code}", code).then().body("refusal", nullValue());
        alice.request().post("/api/matchmaking/invitations/{code}/accept", code).then().statusCode(409)
                .body("error", equalTo("OWN_INVITATION"));
        guest.request().post("/api/matchmaking/invitations/{code}/accept", code).then().statusCode(403)
                .body("error", equalTo("RANKED_NEEDS_ACCOUNT"));
        given().get("/api/matchmaking/invitations/{code}", code).then().body("status", equalTo("OPEN"));
        alice.request().delete("/api/matchmaking/invitations/{code}", code).then().statusCode(204);
    }

    @Test
    void anInvitationAddressedToBobIsInHisLobbyAndOnlyHisToDecline() {
        // bob plays once, so matchmaking knows his account's id and can notify him.
        String warmUp = invite(Players.guest("Warm"), "{\"mode\":\"CASUAL\",\"timeControl\":\"5+5\",\"color\":\"WHITE\"}");
        bob.request().post("/api/matchmaking/invitations/{code}/accept", warmUp).then().statusCode(200);

        String code = invite(alice, "{\"mode\":\"CASUAL\",\"timeControl\":\"15+10\",\"color\":\"WHITE\",\"invitee\":\"bob\"}");
        InvitationReceived received = streams.awaitNotification(bob.id(), InvitationReceived.class, n -> n.code().equals(code));
        assertThat(received.inviter().id()).isEqualTo(alice.id());
        assertThat(received.timeControl().initialSeconds()).isEqualTo(900);

        List<Map<String, Object>> bobs = bob.request().get("/api/matchmaking/invitations").then().statusCode(200)
                .extract().path("received");
        assertThat(bobs).extracting(m -> m.get("code")).contains(code);
        List<Map<String, Object>> alices = alice.request().get("/api/matchmaking/invitations").then().statusCode(200)
                .extract().path("sent");
        assertThat(alices).filteredOn(m -> code.equals(m.get("code"))).singleElement()
                .satisfies(m -> assertThat(m.get("invitee")).isEqualTo("bob"));
        Tokened guest = Players.guest("bob");
        assertThat(guest.request().get("/api/matchmaking/invitations").then().statusCode(200).extract().<List<?>>path("received"))
                .as("a guest calling itself bob").isEmpty();
        guest.request().post("/api/matchmaking/invitations/{code}/accept", code).then().statusCode(403)
                .body("error", equalTo("NOT_THE_INVITEE"));
        guest.request().post("/api/matchmaking/invitations/{code}/decline", code).then().statusCode(403)
                .body("error", equalTo("NOT_THE_INVITEE"));

        bob.request().post("/api/matchmaking/invitations/{code}/decline", code).then().statusCode(200).body("status", equalTo("DECLINED"));
        streams.awaitNotification(alice.id(), InvitationDeclined.class, n -> n.code().equals(code));
        bob.request().post("/api/matchmaking/invitations/{code}/accept", code).then().statusCode(410)
                .body("error", equalTo("INVITATION_DECLINED"));
        alice.request().body("{\"mode\":\"CASUAL\",\"timeControl\":\"5+5\",\"invitee\":\"not a name\"}")
                .post("/api/matchmaking/invitations").then().statusCode(400).body("error", equalTo("BAD_INVITEE"));
    }

    /** Leftover waiting seeks of other tests in this pool would race the join: join them away first. */
    private static void emptyPool(String mode, String timeControl) {
        List<Map<String, Object>> open = given().get("/api/matchmaking/seeks").then().statusCode(200).extract().path("seeks");
        for (Map<String, Object> seek : open) {
            if (mode.equals(seek.get("mode")) && timeControl.equals(seek.get("timeControl"))) {
                Players.account("admin").request().post("/api/matchmaking/seeks/{id}/join", seek.get("id"));
            }
        }
    }

    @Test
    void anOpenSeekIsListedAndJoinedByExactlyOneOfManyJoiners() throws Exception {
        emptyPool("CASUAL", "30+20");
        Tokened owner = Players.guest("Owner");
        String seekId = owner.request().body("{\"mode\":\"CASUAL\",\"timeControl\":\"30+20\"}").post("/api/matchmaking/seeks")
                .then().statusCode(201).body("clock", equalTo("1800+20")).extract().path("id");
        List<Map<String, Object>> listed = owner.request().get("/api/matchmaking/seeks").then().statusCode(200).extract().path("seeks");
        assertThat(listed).filteredOn(m -> seekId.equals(m.get("id"))).singleElement().satisfies(m -> {
            assertThat(m.get("own")).isEqualTo(true);
            assertThat(m.get("clock")).isEqualTo("1800+20");
            assertThat(m.get("rating")).as("casual: no rating shown").isNull();
            assertThat(((Map<?, ?>) m.get("player")).get("name")).isEqualTo("Owner");
        });
        owner.request().post("/api/matchmaking/seeks/{id}/join", seekId).then().statusCode(409).body("error", equalTo("OWN_SEEK"));

        int joiners = 8;
        List<Tokened> guests = new ArrayList<>();
        for (int i = 0; i < joiners; i++) {
            guests.add(Players.guest("Joiner" + i));
        }
        ExecutorService pool = Executors.newFixedThreadPool(joiners);
        List<Future<Response>> answers = new ArrayList<>();
        try {
            for (Tokened guest : guests) {
                Callable<Response> join = () -> guest.request().post("/api/matchmaking/seeks/{id}/join", seekId);
                answers.add(pool.submit(join));
            }
            List<Response> responses = new ArrayList<>();
            for (Future<Response> answer : answers) {
                responses.add(answer.get());
            }
            assertThat(responses).extracting(Response::statusCode).containsOnly(201, 409).filteredOn(s -> s == 201).hasSize(1);
            assertThat(responses).filteredOn(r -> r.statusCode() == 409)
                    .allSatisfy(r -> assertThat((String) r.path("error")).isEqualTo("SEEK_TAKEN"));
            Response winner = responses.stream().filter(r -> r.statusCode() == 201).findFirst().orElseThrow();
            String gameId = winner.path("gameId");
            assertThat((String) winner.path("opponent.id")).isEqualTo(owner.id());
            assertThat((String) winner.path("gameStatus")).isEqualTo("PENDING");
            CreateGame create = streams.awaitCreateGame(gameId);
            assertThat(List.of(create.white().id(), create.black().id())).contains(owner.id());
            owner.request().get("/api/matchmaking/seeks/{id}", seekId).then().body("status", equalTo("MATCHED"))
                    .body("gameId", equalTo(gameId)).body("gameStatus", equalTo("PENDING"));
            SeekMatched toOwner = streams.awaitNotification(owner.id(), SeekMatched.class, n -> n.seekId().equals(seekId));
            assertThat(toOwner.gameId()).isEqualTo(gameId);
            assertThat(streams.createGames()).filteredOn(c -> List.of(c.white().id(), c.black().id()).contains(owner.id())).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aGuestCannotJoinARankedSeek() {
        emptyPool("RANKED", "3+2");
        String seekId = alice.request().body("{\"mode\":\"RANKED\",\"timeControl\":\"3+2\"}").post("/api/matchmaking/seeks")
                .then().statusCode(201).extract().path("id");
        try {
            List<Map<String, Object>> listed = given().get("/api/matchmaking/seeks").then().statusCode(200).extract().path("seeks");
            assertThat(listed).filteredOn(m -> seekId.equals(m.get("id"))).singleElement()
                    .satisfies(m -> assertThat(m.get("rating")).isEqualTo(1500));
            Players.guest("Hopeful").request().post("/api/matchmaking/seeks/{id}/join", seekId).then().statusCode(403)
                    .body("error", equalTo("RANKED_NEEDS_ACCOUNT"));
        } finally {
            alice.request().delete("/api/matchmaking/seeks/{id}", seekId);
        }
    }
}

package club.pente.game.hints;

import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.game.support.GameServiceTestResource;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.GameStreams;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

/**
 * The hint count: reserved only by a player of a casual game against the computer on their own turn, three per
 * player and game (the default), one per ply (asked again at the same ply: free), kept in PostgreSQL, and a
 * refused call changes nothing.
 */
@QuarkusTest
@QuarkusTestResource(value = GameServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class HintApiTest {
    private static GameStreams streams;
    private static String aliceToken;
    private static String bobToken;
    private static PlayerRef alice;
    private static PlayerRef bob;

    @Inject
    DataSource dataSource;

    @BeforeAll
    static void setUp() {
        streams = GameStreams.of(ConfigProvider.getConfig());
        aliceToken = DemoTokens.accessToken("alice", "alice");
        bobToken = DemoTokens.accessToken("bob", "bob");
        alice = new PlayerRef(DemoTokens.claims(aliceToken).get("sub").asText(), "alice");
        bob = new PlayerRef(DemoTokens.claims(bobToken).get("sub").asText(), "bob");
    }

    @AfterAll
    static void tearDown() throws Exception {
        streams.close();
    }

    private static String newGame(PlayerRef white, PlayerRef black, boolean ranked) {
        String gameId = "hints-" + UUID.randomUUID();
        streams.send(CreateGame.of(gameId, white, black, ranked, TimeControl.UNTIMED));
        streams.await(gameId, GameStarted.class, started -> true);
        return gameId;
    }

    private static RequestSpecification as(String token) {
        return given().auth().oauth2(token).contentType(ContentType.JSON);
    }

    private int storedUsed(String gameId, String playerId) throws Exception {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement("select used from hint_reservations where game_id = ? and player_id = ?")) {
            query.setString(1, gameId);
            query.setString(2, playerId);
            try (ResultSet rs = query.executeQuery()) {
                return rs.next() ? rs.getInt(1) : 0;
            }
        }
    }

    /** Alice (white) plays {@code mine}, then the computer (black, no AI here: sent as its command) plays {@code its}. */
    private static void playRound(String gameId, PlayerRef computer, int ply, String mine, String its) {
        as(aliceToken).body("{\"point\":\"" + mine + "\"}").post("/api/games/{id}/moves", gameId).then().statusCode(200);
        PlayMove reply = PlayMove.of(gameId, computer.id(), ply + 2, its);
        streams.send(reply);
        streams.await(gameId, MovePlayed.class, played -> played.commandId().equals(reply.commandId()));
        await().atMost(Duration.ofSeconds(10)).until(() -> !"NOT_YOUR_TURN".equals(
                as(aliceToken).get("/api/games/{id}/hints", gameId).then().statusCode(200).extract().path("reason")));
    }

    @Test
    void aPlayerOnTheirTurnInACasualComputerGameGetsThreeHints_oneAPly() throws Exception {
        PlayerRef computer = PlayerRef.computer(3);
        String gameId = newGame(alice, computer, false);
        as(aliceToken).get("/api/games/{id}/hints", gameId).then().statusCode(200)
                .body("allowed", equalTo(true)).body("reason", nullValue())
                .body("hintsUsed", equalTo(0)).body("hintsLeft", equalTo(3)).body("hintsPerGame", equalTo(3));
        String[][] rounds = {{"K10", "A1"}, {"K14", "A3"}};
        for (int i = 1; i <= 3; i++) {
            int ply = 2 * (i - 1);
            as(aliceToken).post("/api/games/{id}/hints", gameId).then().statusCode(200)
                    .body("ply", equalTo(ply)).body("moves.size()", equalTo(ply))
                    .body("hintsUsed", equalTo(i)).body("hintsLeft", equalTo(3 - i));
            if (i < 3) {
                playRound(gameId, computer, ply, rounds[i - 1][0], rounds[i - 1][1]);
            }
        }
        // The third hint asked again at its own ply (a retry after a failed search) is allowed and free, even at the limit.
        as(aliceToken).get("/api/games/{id}/hints", gameId).then().statusCode(200).body("allowed", equalTo(true)).body("hintsLeft", equalTo(0));
        as(aliceToken).post("/api/games/{id}/hints", gameId).then().statusCode(200).body("ply", equalTo(4)).body("hintsUsed", equalTo(3));
        playRound(gameId, computer, 4, "O10", "A5");
        as(aliceToken).post("/api/games/{id}/hints", gameId).then().statusCode(429).body("error", equalTo("NO_HINTS_LEFT"));
        as(aliceToken).get("/api/games/{id}/hints", gameId).then().statusCode(200)
                .body("allowed", equalTo(false)).body("reason", equalTo("NO_HINTS_LEFT")).body("hintsLeft", equalTo(0));
        // The count is a row in PostgreSQL, not a field of this process: a restart or another instance sees the same 3.
        assertThat(storedUsed(gameId, alice.id())).isEqualTo(3);
    }

    @Test
    void twoReservationsAtTheSamePlyUseOneHint_andTheNextPlyUsesAnother() throws Exception {
        PlayerRef computer = PlayerRef.computer(3);
        String gameId = newGame(alice, computer, false);
        for (int attempt = 0; attempt < 2; attempt++) {
            as(aliceToken).post("/api/games/{id}/hints", gameId).then().statusCode(200)
                    .body("ply", equalTo(0)).body("hintsUsed", equalTo(1)).body("hintsLeft", equalTo(2));
        }
        assertThat(storedUsed(gameId, alice.id())).isEqualTo(1);
        playRound(gameId, computer, 0, "K10", "A1");
        as(aliceToken).post("/api/games/{id}/hints", gameId).then().statusCode(200)
                .body("ply", equalTo(2)).body("hintsUsed", equalTo(2)).body("hintsLeft", equalTo(1));
        assertThat(storedUsed(gameId, alice.id())).isEqualTo(2);
    }

    @Test
    void aGuestGetsHintsToo_andTheMovesSoFarComeBack() {
        DemoTokens.GuestToken guest = DemoTokens.guest("hinted");
        String guestId = DemoTokens.claims(guest.token()).get("sub").asText();
        String gameId = newGame(PlayerRef.computer(2), new PlayerRef(guestId, "hinted"), false);
        // The computer (white) has not moved (no AI here): not the guest's turn, and nothing is counted.
        as(guest.token()).post("/api/games/{id}/hints", gameId).then().statusCode(409).body("error", equalTo("NOT_YOUR_TURN"));
        as(guest.token()).get("/api/games/{id}/hints", gameId).then().statusCode(200)
                .body("allowed", equalTo(false)).body("reason", equalTo("NOT_YOUR_TURN")).body("hintsLeft", equalTo(3));
    }

    @Test
    void notOnYourTurnNotInAnotherPlayersGameNotInRankedOrHumanGamesAndNotAfterTheEnd() throws Exception {
        String computerGame = newGame(alice, PlayerRef.computer(3), false);
        as(aliceToken).body("{\"point\":\"K10\"}").post("/api/games/{id}/moves", computerGame).then().statusCode(200);
        as(aliceToken).post("/api/games/{id}/hints", computerGame).then().statusCode(409).body("error", equalTo("NOT_YOUR_TURN"));
        as(bobToken).post("/api/games/{id}/hints", computerGame).then().statusCode(403).body("error", equalTo("NOT_A_PLAYER"));
        as(bobToken).get("/api/games/{id}/hints", computerGame).then().statusCode(200)
                .body("allowed", equalTo(false)).body("reason", equalTo("NOT_A_PLAYER"));
        // A service account is verified but plays nowhere, and cannot name a player to reserve for.
        as(DemoTokens.serviceToken()).post("/api/games/{id}/hints", computerGame).then().statusCode(403);
        given().post("/api/games/{id}/hints", computerGame).then().statusCode(401);

        String ranked = newGame(alice, bob, true);
        as(aliceToken).post("/api/games/{id}/hints", ranked).then().statusCode(403).body("error", equalTo("HINTS_NOT_ALLOWED"));
        String casualHuman = newGame(alice, bob, false);
        as(aliceToken).post("/api/games/{id}/hints", casualHuman).then().statusCode(403).body("error", equalTo("HINTS_NOT_ALLOWED"));

        String over = newGame(alice, PlayerRef.computer(1), false);
        as(aliceToken).post("/api/games/{id}/resign", over).then().statusCode(200);
        streams.await(over, GameEnded.class, e -> true);
        as(aliceToken).post("/api/games/{id}/hints", over).then().statusCode(409).body("error", equalTo("GAME_OVER"));

        as(aliceToken).post("/api/games/{id}/hints", "no-such-game-" + UUID.randomUUID()).then().statusCode(404).body("error", equalTo("UNKNOWN_GAME"));
        as(aliceToken).post("/api/games/{id}/hints", "x".repeat(65)).then().statusCode(400);
        // None of the refusals counted anything.
        for (String game : List.of(computerGame, ranked, casualHuman, over)) {
            assertThat(storedUsed(game, alice.id())).as(game).isZero();
            assertThat(storedUsed(game, bob.id())).as(game).isZero();
        }
    }

    @Test
    void hintsAskedAtOnceAtOnePlyCountOnce() throws Exception {
        String gameId = newGame(alice, PlayerRef.computer(4), false);
        List<CompletableFuture<Response>> calls = IntStream.range(0, 8)
                .mapToObj(i -> CompletableFuture.supplyAsync(() -> as(aliceToken).post("/api/games/{id}/hints", gameId)))
                .toList();
        List<Response> answers = calls.stream().map(CompletableFuture::join).toList();
        assertThat(answers).extracting(Response::statusCode).containsOnly(200);
        assertThat(answers).extracting(r -> r.<Integer>path("hintsUsed")).containsOnly(1);
        assertThat(storedUsed(gameId, alice.id())).isEqualTo(1);
    }
}

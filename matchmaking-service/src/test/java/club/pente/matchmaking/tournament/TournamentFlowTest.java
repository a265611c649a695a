package club.pente.matchmaking.tournament;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.TournamentGameReady;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.core.rules.Variant;
import club.pente.matchmaking.support.MatchmakingStreams;
import club.pente.matchmaking.support.MatchmakingTestResource;
import club.pente.matchmaking.support.Players;
import club.pente.matchmaking.support.Players.Tokened;
import club.pente.matchmaking.support.TestDb;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static club.pente.matchmaking.support.MatchmakingStreams.await;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

/**
 * Tournaments through matchmaking's REST API, real Kafka and PostgreSQL, the test playing the game service: it reads
 * the CreateGame commands and answers with GameEnded. The 6-player Swiss replays {@link SwissPairingTest}'s
 * hand-computed tournament (same seeds, same scripted results), so pairings, colours and standings are known.
 */
@QuarkusTest
@QuarkusTestResource(value = MatchmakingTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class TournamentFlowTest {
    private static MatchmakingStreams streams;
    private static Tokened alice;

    @BeforeAll
    static void setUp() {
        streams = MatchmakingStreams.of(ConfigProvider.getConfig());
        alice = Players.account("alice");
    }

    @AfterAll
    static void tearDown() throws Exception {
        streams.close();
        TestDb.update("update tournaments set status = 'CANCELLED' where status in ('OPEN', 'RUNNING')");
    }

    private static String body(String name, String format, Integer rounds, String startsAt, int maxPlayers) {
        return "{\"name\":\"" + name + "\",\"format\":\"" + format + "\"" + (rounds == null ? "" : ",\"rounds\":" + rounds)
                + ",\"variant\":\"keryo\",\"timeControl\":\"5+5\",\"startsAt\":\"" + startsAt + "\",\"maxPlayers\":" + maxPlayers + "}";
    }

    private static String soon(int seconds) {
        return Instant.now().plusSeconds(seconds).toString();
    }

    @Test
    void guestsAndAnonymousCallersCannotCreateAndBadFieldsArePreciseFourHundreds() {
        long before = (Long) TestDb.single("select count(*) from tournaments");
        Tokened guest = Players.guest("Visitor");
        guest.request().body(body("Guests", "SWISS", 3, soon(60), 8)).post("/api/matchmaking/tournaments")
                .then().statusCode(403).body("error", equalTo("ACCOUNTS_ONLY"));
        given().contentType(ContentType.JSON).body(body("Nobody", "SWISS", 3, soon(60), 8)).post("/api/matchmaking/tournaments")
                .then().statusCode(401);
        Map<String, String> refused = new java.util.LinkedHashMap<>();
        refused.put(body("", "SWISS", 3, soon(60), 8), "MISSING_NAME");
        refused.put(body("x".repeat(61), "SWISS", 3, soon(60), 8), "BAD_NAME");
        refused.put(body("tab\\there", "SWISS", 3, soon(60), 8), "BAD_NAME");
        refused.put(body("Cup", "KNOCKOUT", 3, soon(60), 8), "UNKNOWN_FORMAT");
        refused.put(body("Cup", "SWISS", null, soon(60), 8), "MISSING_ROUNDS");
        refused.put(body("Cup", "SWISS", 0, soon(60), 8), "BAD_ROUNDS");
        refused.put(body("Cup", "SWISS", 21, soon(60), 8), "BAD_ROUNDS");
        refused.put(body("Cup", "SWISS", 3, soon(60), 1), "BAD_MAX_PLAYERS");
        refused.put(body("Cup", "SWISS", 3, soon(60), 65), "BAD_MAX_PLAYERS");
        refused.put(body("Cup", "SWISS", 3, "tomorrow", 8), "BAD_STARTS_AT");
        refused.put(body("Cup", "SWISS", 3, Instant.now().minusSeconds(5).toString(), 8), "STARTS_TOO_SOON");
        refused.put(body("Cup", "SWISS", 3, Instant.now().plusSeconds(31L * 86400).toString(), 8), "STARTS_TOO_LATE");
        refused.put(body("Cup", "SWISS", 3, soon(60), 8).replace("keryo", "chess"), "UNKNOWN_VARIANT");
        refused.put(body("Cup", "SWISS", 3, soon(60), 8).replace("5+5", "4d"), "UNKNOWN_TIME_CONTROL");
        refused.put(body("Cup", "SWISS", 3, soon(60), 8).replace("5+5", "untimed"), "UNTIMED_NOT_ALLOWED");
        refused.put(body("Cup", "SWISS", 3, soon(60), 8).replace("}", ",\"ranking\":\"ALPHABETICAL\"}"), "UNKNOWN_RANKING");
        refused.forEach((json, code) -> alice.request().body(json).post("/api/matchmaking/tournaments")
                .then().statusCode(400).body("error", equalTo(code)));
        assertThat((Long) TestDb.single("select count(*) from tournaments")).as("nothing stored").isEqualTo(before);
        given().get("/api/matchmaking/tournaments/{id}", "no-such-tournament").then().statusCode(404)
                .body("error", equalTo("TOURNAMENT_NOT_FOUND"));
    }

    @Test
    void aTournamentWithOnePlayerIsCancelledAtItsStart() {
        String id = alice.request().body(body("Lonely", "ROUND_ROBIN", null, soon(2), 4)).post("/api/matchmaking/tournaments")
                .then().statusCode(201).body("status", equalTo("OPEN")).extract().path("id");
        alice.request().post("/api/matchmaking/tournaments/{id}/join", id).then().statusCode(200).body("joined", equalTo(true));
        await(() -> "CANCELLED".equals(given().get("/api/matchmaking/tournaments/{id}", id).path("status")) ? true : null,
                "the one-player tournament cancelled");
        Players.guest("Late").request().post("/api/matchmaking/tournaments/{id}/join", id)
                .then().statusCode(409).body("error", equalTo("TOURNAMENT_STARTED"));
    }

    @Test
    void sixPlayersThreeSwissRoundsPairedByScoreWithStandingsAsComputedByHand() {
        List<Tokened> players = new ArrayList<>();
        players.add(alice);
        for (int i = 2; i <= 6; i++) {
            players.add(Players.guest("Player " + i));
        }
        Map<String, String> label = new HashMap<>(); // player id -> p1..p6, the seeds of SwissPairingTest
        for (int i = 0; i < players.size(); i++) {
            label.put(players.get(i).id(), "p" + (i + 1));
        }
        String id = alice.request().body(body("Flow Swiss", "SWISS", 3, soon(12), 6)).post("/api/matchmaking/tournaments")
                .then().statusCode(201).body("format", equalTo("SWISS")).body("variant", equalTo("KERYO"))
                .body("rounds", equalTo(3)).extract().path("id");
        for (Tokened player : players) {
            player.request().post("/api/matchmaking/tournaments/{id}/join", id).then().statusCode(200).body("joined", equalTo(true));
        }
        // Joining twice changes nothing; leaving and coming back puts the player last in the seeding, so p6 does that.
        players.get(0).request().post("/api/matchmaking/tournaments/{id}/join", id).then().statusCode(200);
        players.get(5).request().delete("/api/matchmaking/tournaments/{id}/join", id).then().statusCode(200).body("joined", equalTo(false));
        players.get(5).request().post("/api/matchmaking/tournaments/{id}/join", id).then().statusCode(200);
        Players.guest("Seventh").request().post("/api/matchmaking/tournaments/{id}/join", id)
                .then().statusCode(409).body("error", equalTo("TOURNAMENT_FULL"));

        // The hand-computed script: per round, white label, black label, result, white points, black points.
        Object[][][] script = {
                {{"p1", "p2", Status.WHITE_WINS, 6, 2}, {"p4", "p3", Status.BLACK_WINS, 3, 5}, {"p5", "p6", Status.BLACK_WINS, 1, 5}},
                {{"p3", "p1", Status.BLACK_WINS, 0, 7}, {"p6", "p4", Status.BLACK_WINS, 4, 5}, {"p2", "p5", Status.WHITE_WINS, 6, 2}},
                {{"p1", "p6", Status.BLACK_WINS, 2, 5}, {"p4", "p2", Status.WHITE_WINS, 5, 0}, {"p5", "p3", Status.BLACK_WINS, 1, 6}}};
        for (int round = 1; round <= 3; round++) {
            int r = round;
            List<CreateGame> games = await(() -> {
                List<String> ids = boardsOf(id, r);
                return ids.size() == 3 ? ids.stream().map(streams::awaitCreateGame).toList() : null;
            }, "round " + r + "'s three games created");
            for (int board = 0; board < 3; board++) {
                Object[] expected = script[round - 1][board];
                CreateGame game = games.get(board);
                assertThat(label.get(game.white().id()) + "-" + label.get(game.black().id())).as("round %d board %d", round, board + 1)
                        .isEqualTo(expected[0] + "-" + expected[1]);
                assertThat(game.tournamentId()).isEqualTo(id);
                assertThat(game.variant()).isEqualTo(Variant.KERYO);
                assertThat(game.ranked()).isFalse();
                assertThat(game.timeControl().initialSeconds()).isEqualTo(300);
                TournamentGameReady ready = streams.awaitNotification(game.black().id(), TournamentGameReady.class,
                        n -> n.gameId().equals(game.gameId()));
                assertThat(ready.colour()).isEqualTo(Color.BLACK);
                assertThat(ready.round()).isEqualTo(round);
                assertThat(ready.opponent().id()).isEqualTo(game.white().id());
                GameEnded ended = ended(game, (Status) expected[2], (int) expected[3], (int) expected[4]);
                streams.publishEvent(ended);
                if (board == 0) {
                    streams.publishEvent(ended); // a redelivery: counted once
                }
            }
        }
        JsonPath finished = await(() -> {
            JsonPath view = given().get("/api/matchmaking/tournaments/{id}", id).jsonPath();
            return "FINISHED".equals(view.getString("status")) ? view : null;
        }, "the tournament finished");
        List<String> table = new ArrayList<>();
        for (Map<String, Object> line : finished.<Map<String, Object>>getList("standings")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> player = (Map<String, Object>) line.get("player");
            table.add(label.get((String) player.get("id")) + ":" + line.get("points"));
        }
        assertThat(table).containsExactly("p1:15", "p6:14", "p4:13", "p3:11", "p2:8", "p5:4");
        assertThat(finished.getInt("currentRound")).isEqualTo(3);
        assertThat(finished.getList("pairings")).hasSize(3);
        assertThat(given().get("/api/matchmaking/tournaments").jsonPath().getList("finished.id")).contains(id);
    }

    @Test
    void aNoShowIsAForfeitWinAndAnOddFieldHasAByeWorthTheForfeitPoints() {
        Tokened bob = Players.account("bob");
        Tokened guest = Players.guest("Third");
        String id = createdAndJoined(bob, body("Forfeits", "ROUND_ROBIN", null, soon(8), 3), List.of(alice, bob, guest));
        CreateGame game = roundOnesOnlyGame(id);
        // White never moved: Black wins by no-show, 5 points whatever the board said; White 0.
        streams.publishEvent(new GameEnded(1, Contracts.newId(), game.gameId(), 3, Contracts.now(), Contracts.newId(), Status.BLACK_WINS,
                EndReason.NO_SHOW, false, game.white(), game.black(), 0, PerSide.ZERO, new PerSide(0, 0), null, Variant.KERYO,
                game.timeControl(), id));
        JsonPath view = await(() -> {
            JsonPath v = given().get("/api/matchmaking/tournaments/{id}", id).jsonPath();
            return v.getInt("currentRound") == 2 ? v : null;
        }, "round 2 paired after the no-show");
        assertThat(view.getInt("rounds")).isEqualTo(3);
        assertThat(view.getString("pairings[0].games[0].reason")).isEqualTo("NO_SHOW");
        assertThat(view.getInt("pairings[0].games[0].blackPoints")).isEqualTo(5);
        assertThat(view.getInt("pairings[0].games[0].whitePoints")).isEqualTo(0);
        String byeRound1 = view.getString("pairings[0].bye.id");
        assertThat(byeRound1).isNotNull();
        // Round 2's bye is already in the table (worth 5 at once); round 2's game is still running.
        String byeRound2 = view.getString("pairings[1].bye.id");
        Map<String, Integer> points = new HashMap<>();
        Map<String, Integer> losses = new HashMap<>();
        for (Map<String, Object> line : view.<Map<String, Object>>getList("standings")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> player = (Map<String, Object>) line.get("player");
            points.put((String) player.get("id"), (Integer) line.get("points"));
            losses.put((String) player.get("id"), (Integer) line.get("losses"));
        }
        assertThat(byeRound2).isNotEqualTo(byeRound1);
        assertThat(points.get(game.black().id())).isEqualTo(5 + (game.black().id().equals(byeRound2) ? 5 : 0));
        assertThat(points.get(game.white().id())).isEqualTo(game.white().id().equals(byeRound2) ? 5 : 0);
        assertThat(losses.get(game.white().id())).isEqualTo(1);
        assertThat(points.get(byeRound1)).isEqualTo(5);
        given().auth().oauth2(Players.account("admin").token()).contentType(ContentType.JSON).body("{\"reason\":\"test over\"}")
                .post("/api/matchmaking/tournaments/{id}/cancel", id).then().statusCode(200).body("status", equalTo("CANCELLED"));
    }

    @Test
    void aCreateGameTheGameServiceRefusesIsAForfeitLostByBothAndTheNextRoundIsPaired() {
        Tokened bob = Players.account("bob");
        Tokened guest = Players.guest("Refused");
        String id = createdAndJoined(bob, body("Refusals", "ROUND_ROBIN", null, soon(8), 3), List.of(alice, bob, guest));
        CreateGame game = roundOnesOnlyGame(id);
        // What the game service publishes when it refuses a CreateGame (GameAuthority.create): version 0, the command's id,
        // White as playerId whoever was refused, a text that names nobody.
        MoveRejected refusal = new MoveRejected(1, Contracts.newId(), game.gameId(), 0, Contracts.now(), game.commandId(),
                game.white().id(), RejectionReason.SUSPENDED, "a player of this game cannot play now");
        // A refusal of some other command of that id (not the board's CreateGame) is not the board's.
        streams.publishEvent(new MoveRejected(1, Contracts.newId(), game.gameId(), 0, Contracts.now(), Contracts.newId(),
                game.white().id(), RejectionReason.SUSPENDED, "a player of this game cannot play now"));
        streams.publishEvent(refusal);
        JsonPath view = await(() -> {
            JsonPath v = given().get("/api/matchmaking/tournaments/{id}", id).jsonPath();
            return v.getInt("currentRound") == 2 ? v : null;
        }, "round 2 paired after the refused game");
        assertThat(view.getString("status")).isEqualTo("RUNNING");
        assertThat(view.getString("pairings[0].games[0].gameId")).isEqualTo(game.gameId());
        assertThat(view.getString("pairings[0].games[0].result")).isEqualTo("REFUSED");
        assertThat(view.getString("pairings[0].games[0].reason")).isEqualTo("SUSPENDED");
        assertThat(view.getInt("pairings[0].games[0].whitePoints")).isEqualTo(0);
        assertThat(view.getInt("pairings[0].games[0].blackPoints")).isEqualTo(0);

        // A redelivered refusal changes nothing; round 2's game then ends normally and round 3 is paired.
        streams.publishEvent(refusal);
        List<String> round2 = await(() -> {
            List<String> found = boardsOf(id, 2);
            return found.size() == 1 ? found : null;
        }, "round 2's game");
        CreateGame second = streams.awaitCreateGame(round2.get(0));
        streams.publishEvent(ended(second, Status.WHITE_WINS, 5, 1));
        JsonPath third = await(() -> {
            JsonPath v = given().get("/api/matchmaking/tournaments/{id}", id).jsonPath();
            return v.getInt("currentRound") == 3 ? v : null;
        }, "round 3 paired");
        assertThat(third.getList("pairings[0].games")).hasSize(1);
        assertThat(third.getString("pairings[0].games[0].result")).isEqualTo("REFUSED");
        Map<String, List<Integer>> table = new HashMap<>(); // player id -> points, wins, losses, played
        for (Map<String, Object> line : third.<Map<String, Object>>getList("standings")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> player = (Map<String, Object>) line.get("player");
            table.put((String) player.get("id"), List.of((Integer) line.get("points"), (Integer) line.get("wins"),
                    (Integer) line.get("losses"), (Integer) line.get("played")));
        }
        String bye1 = third.getString("pairings[0].bye.id");
        assertThat(bye1).isNotIn(game.white().id(), game.black().id());
        // Round robin of three: the refused player who played round 2 sits out round 3, the other plays it.
        String round2Bye = third.getString("pairings[1].bye.id");
        String round3Bye = third.getString("pairings[2].bye.id");
        assertThat(List.of(round2Bye, round3Bye)).containsExactlyInAnyOrder(game.white().id(), game.black().id());
        // Each refused player: one 0-point loss, a bye (a win worth the forfeit points, 5, not counted as played), and
        // round 2's result for the one who played it (White of round 2 won 5-1). Round 3's game has not ended.
        assertThat(table.get(round2Bye)).as("points, wins, losses, played of %s", round2Bye).isEqualTo(List.of(5, 1, 1, 1));
        boolean wonRound2 = round3Bye.equals(second.white().id());
        assertThat(table.get(round3Bye)).as("points, wins, losses, played of %s", round3Bye)
                .isEqualTo(wonRound2 ? List.of(10, 2, 1, 2) : List.of(6, 1, 2, 2));
        given().auth().oauth2(Players.account("admin").token()).contentType(ContentType.JSON).body("{\"reason\":\"test over\"}")
                .post("/api/matchmaking/tournaments/{id}/cancel", id).then().statusCode(200).body("status", equalTo("CANCELLED"));
    }

    @Test
    void aGameRefusedBecauseOneSideIsSuspendedIsForfeitedByThatSideAlone() {
        Tokened bob = Players.account("bob");
        Tokened admin = Players.account("admin");
        String id = createdAndJoined(alice, body("Forfeits", "SWISS", 1, soon(8), 2), List.of(alice, bob));
        CreateGame game = roundOnesOnlyGame(id);
        admin.request().body("{\"reason\":\"cheating\",\"minutes\":60}").post("/api/admin/players/{id}/suspension", bob.id())
                .then().statusCode(201);
        try {
            // The game service refuses the board's CreateGame, naming White whoever was refused: bob is the one suspended.
            streams.publishEvent(new MoveRejected(1, Contracts.newId(), game.gameId(), 0, Contracts.now(), game.commandId(),
                    game.white().id(), RejectionReason.SUSPENDED, "a player of this game cannot play now"));
            JsonPath view = await(() -> {
                JsonPath v = given().get("/api/matchmaking/tournaments/{id}", id).jsonPath();
                return "FINISHED".equals(v.getString("status")) ? v : null;
            }, "the one-round tournament finished after its refused game");
            boolean aliceWhite = game.white().id().equals(alice.id());
            assertThat(view.getString("pairings[0].games[0].result")).isEqualTo(aliceWhite ? "WHITE_WINS" : "BLACK_WINS");
            assertThat(view.getString("pairings[0].games[0].reason")).isEqualTo("SUSPENDED");
            assertThat(view.getInt("pairings[0].games[0].whitePoints")).isEqualTo(aliceWhite ? 5 : 0);
            assertThat(view.getInt("pairings[0].games[0].blackPoints")).isEqualTo(aliceWhite ? 0 : 5);
            assertThat(view.getString("standings[0].player.id")).isEqualTo(alice.id());
            assertThat(List.of(view.getInt("standings[0].points"), view.getInt("standings[0].wins"), view.getInt("standings[0].losses")))
                    .isEqualTo(List.of(5, 1, 0));
            assertThat(List.of(view.getInt("standings[1].points"), view.getInt("standings[1].wins"), view.getInt("standings[1].losses")))
                    .isEqualTo(List.of(0, 0, 1));
        } finally {
            admin.request().body("{\"reason\":\"test over\"}").delete("/api/admin/players/{id}/suspension", bob.id()).then().statusCode(200);
        }
    }

    @Test
    void aSuspensionWithdrawsTheAccountFromOpenTournamentsAndItNeitherCreatesNorJoinsOne() {
        Tokened bob = Players.account("bob");
        Tokened admin = Players.account("admin");
        String id = alice.request().body(body("Suspensions", "SWISS", 2, soon(60), 4)).post("/api/matchmaking/tournaments")
                .then().statusCode(201).extract().path("id");
        bob.request().post("/api/matchmaking/tournaments/{id}/join", id).then().statusCode(200).body("joined", equalTo(true));
        admin.request().body("{\"reason\":\"tournament spam\",\"minutes\":60}").post("/api/admin/players/{id}/suspension", bob.id())
                .then().statusCode(201);
        try {
            Object tournaments = TestDb.single("select count(*) from tournaments");
            bob.request().body(body("Not while suspended", "SWISS", 2, soon(60), 4)).post("/api/matchmaking/tournaments")
                    .then().statusCode(403).body("error", equalTo("SUSPENDED")).body("message", org.hamcrest.Matchers.endsWith(": tournament spam"));
            bob.request().post("/api/matchmaking/tournaments/{id}/join", id)
                    .then().statusCode(403).body("error", equalTo("SUSPENDED"));
            assertThat(TestDb.single("select count(*) from tournaments")).isEqualTo(tournaments);
            assertThat(given().get("/api/matchmaking/tournaments/{id}", id).jsonPath().getList("players")).isEmpty();
        } finally {
            admin.request().body("{\"reason\":\"test over\"}").delete("/api/admin/players/{id}/suspension", bob.id()).then().statusCode(200);
        }
        bob.request().post("/api/matchmaking/tournaments/{id}/join", id).then().statusCode(200).body("joined", equalTo(true));
        alice.request().contentType(ContentType.JSON).body("{\"reason\":\"test over\"}")
                .post("/api/matchmaking/tournaments/{id}/cancel", id).then().statusCode(200);
    }

    @Test
    void aPlayerJoiningAndLeavingInALoopGets429WithRetryAfterOnceOverTheMinutesAllowance() {
        Tokened looper = Players.guest("Looper");
        String id = alice.request().body(body("Churn", "SWISS", 2, soon(60), 4)).post("/api/matchmaking/tournaments")
                .then().statusCode(201).extract().path("id");
        int limit = ConfigProvider.getConfig().getValue("pente.tournament.requests-per-minute", Integer.class);
        for (int i = 0; i < limit; i++) {
            (i % 2 == 0 ? looper.request().post("/api/matchmaking/tournaments/{id}/join", id)
                    : looper.request().delete("/api/matchmaking/tournaments/{id}/join", id)).then().statusCode(200);
        }
        looper.request().post("/api/matchmaking/tournaments/{id}/join", id).then().statusCode(429)
                .body("error", equalTo("TOO_MANY_TOURNAMENT_REQUESTS")).header("Retry-After", org.hamcrest.Matchers.notNullValue());
        // Refused before any database work: the last withdrawal stands (an even limit ends on a withdrawal).
        assertThat(given().get("/api/matchmaking/tournaments/{id}", id).jsonPath().getList("players"))
                .hasSize(limit % 2 == 0 ? 0 : 1);
        alice.request().contentType(ContentType.JSON).body("{\"reason\":\"test over\"}")
                .post("/api/matchmaking/tournaments/{id}/cancel", id).then().statusCode(200);
    }

    /** A tournament {@code creator} created from {@code body}, joined by {@code players} in that order: its id. */
    private static String createdAndJoined(Tokened creator, String body, List<Tokened> players) {
        String id = creator.request().body(body).post("/api/matchmaking/tournaments").then().statusCode(201).extract().path("id");
        for (Tokened player : players) {
            player.request().post("/api/matchmaking/tournaments/{id}/join", id).then().statusCode(200);
        }
        return id;
    }

    /** The CreateGame of the one game of round 1 (two or three players), once the round is paired. */
    private static CreateGame roundOnesOnlyGame(String id) {
        List<String> ids = await(() -> {
            List<String> found = boardsOf(id, 1);
            return found.size() == 1 ? found : null;
        }, "round 1's game");
        return streams.awaitCreateGame(ids.get(0));
    }

    private static List<String> boardsOf(String id, int round) {
        JsonPath view = given().get("/api/matchmaking/tournaments/{id}", id).jsonPath();
        List<String> ids = new ArrayList<>();
        for (Map<String, Object> r : view.<Map<String, Object>>getList("pairings")) {
            if (((Integer) r.get("round")) == round) {
                @SuppressWarnings("unchecked")
                List<Map<String, Object>> games = (List<Map<String, Object>>) r.get("games");
                games.forEach(g -> ids.add((String) g.get("gameId")));
            }
        }
        return ids;
    }

    private static GameEnded ended(CreateGame game, Status result, int whitePoints, int blackPoints) {
        return new GameEnded(1, Contracts.newId(), game.gameId(), 30, Contracts.now(), Contracts.newId(), result,
                EndReason.FIVE_IN_A_ROW, false, game.white(), game.black(), 29, PerSide.ZERO, new PerSide(whitePoints, blackPoints),
                null, game.variant(), game.timeControl(), game.tournamentId());
    }
}

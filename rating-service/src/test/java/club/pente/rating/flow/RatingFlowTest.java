package club.pente.rating.flow;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RatingChanged;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.rating.support.RatingServiceTestResource;
import club.pente.rating.support.RatingStreams;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import club.pente.testinfra.StreamRecorder.Recorded;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static club.pente.rating.support.RatingApi.awaitGames;
import static club.pente.rating.support.RatingApi.awaitProfile;
import static club.pente.rating.support.RatingApi.awaitStatistics;
import static club.pente.rating.support.RatingApi.profile;
import static club.pente.rating.support.RatingApi.statistics;
import static club.pente.rating.support.RatingStreams.account;
import static club.pente.rating.support.RatingStreams.ended;
import static club.pente.rating.support.RatingStreams.ranked;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

/** GameEnded published on the events topic as the game service does; effects read back through REST and Kafka. */
@QuarkusTest
@QuarkusTestResource(value = RatingServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class RatingFlowTest {
    private static RatingStreams streams;

    @BeforeAll
    static void openStreams() {
        streams = RatingStreams.open();
    }

    @AfterAll
    static void closeStreams() throws Exception {
        streams.close();
    }

    @Test
    void rankedGamesFollowTheHandComputedVectors() {
        PlayerRef alice = account("alice");
        PlayerRef bob = account("bob");

        // Two new players, E = 0.5, K = 40: the winner +20, the loser -20.
        GameEnded first = ranked(alice, bob, Status.WHITE_WINS);
        streams.publish(first);
        JsonPath a = awaitGames(alice.id(), 1);
        assertThat(a.getInt("rating")).isEqualTo(1520);
        assertThat(awaitGames(bob.id(), 1).getInt("rating")).isEqualTo(1480);

        // Rematch, bob (1480) white beats alice (1520): E(1480, 1520) = 1 / (1 + 10^0.1) = 0.4426883662,
        // bob 40 * (1 - 0.4426883662) = +22.29 -> +22 = 1502, alice -22 = 1498.
        GameEnded second = ranked(bob, alice, Status.WHITE_WINS);
        streams.publish(second);
        a = awaitGames(alice.id(), 2);
        assertThat(a.getInt("rating")).isEqualTo(1498);
        JsonPath b = awaitGames(bob.id(), 2);
        assertThat(b.getInt("rating")).isEqualTo(1502);

        // A draw 1498 v 1502: 40 * (0.5 - 0.4942437916) = +0.23 -> 0: both unchanged.
        GameEnded third = ranked(alice, bob, Status.DRAW);
        streams.publish(third);
        a = awaitGames(alice.id(), 3);
        b = awaitGames(bob.id(), 3);
        assertThat(a.getInt("rating")).isEqualTo(1498);
        assertThat(b.getInt("rating")).isEqualTo(1502);

        assertThat(a.getString("name")).isEqualTo("alice");
        assertThat(a.getBoolean("provisional")).isTrue();
        assertThat(List.of(a.getInt("wins"), a.getInt("losses"), a.getInt("draws"))).containsExactly(1, 1, 1);
        assertThat(a.getMap("asWhite")).isEqualTo(Map.of("games", 2, "wins", 1, "losses", 0, "draws", 1));
        assertThat(a.getMap("asBlack")).isEqualTo(Map.of("games", 1, "wins", 0, "losses", 1, "draws", 0));
        assertThat(b.getMap("asWhite")).isEqualTo(Map.of("games", 1, "wins", 1, "losses", 0, "draws", 0));
        assertThat(b.getMap("asBlack")).isEqualTo(Map.of("games", 2, "wins", 0, "losses", 1, "draws", 1));

        // History, newest first.
        assertThat(a.getList("history.gameId")).containsExactly(third.gameId(), second.gameId(), first.gameId());
        assertThat(a.getList("history.game")).containsExactly(3, 2, 1);
        assertThat(a.getList("history.before")).containsExactly(1498, 1520, 1500);
        assertThat(a.getList("history.after")).containsExactly(1498, 1498, 1520);
        assertThat(a.getList("history.change")).containsExactly(0, -22, 20);
        assertThat(a.getList("history.outcome")).containsExactly("DRAW", "LOSS", "WIN");
        assertThat(a.getList("history.colour")).containsExactly("WHITE", "BLACK", "WHITE");
        assertThat(a.getList("history.opponentRating")).containsExactly(1502, 1480, 1500);
        assertThat(a.getList("history.k")).containsExactly(40, 40, 40);
        assertThat(a.getList("history.opponentId")).containsOnly(bob.id());

        given().get("/api/ratings/players/{id}/rating", alice.id()).then().statusCode(200)
                .body("rating", equalTo(1498)).body("provisional", equalTo(true));
    }

    @Test
    void guestComputerCasualAndAbortedGamesChangeNoRating() {
        PlayerRef carol = account("carol");
        PlayerRef dave = account("dave");
        PlayerRef guest = new PlayerRef("guest:" + UUID.randomUUID(), "a guest");
        PlayerRef computer = PlayerRef.computer(4);
        long gamesBefore = statistics().getLong("games");

        // Everything on one key, so one partition processes them in order and the marker comes last.
        String key = UUID.randomUUID().toString();
        List<GameEnded> noRating = List.of(
                ended(UUID.randomUUID().toString(), carol, dave, Status.WHITE_WINS, EndReason.FIVE_IN_A_ROW, false),
                ended(UUID.randomUUID().toString(), carol, guest, Status.WHITE_WINS, EndReason.RESIGNATION, true),
                ended(UUID.randomUUID().toString(), computer, dave, Status.BLACK_WINS, EndReason.FIVE_CAPTURES, true),
                ended(UUID.randomUUID().toString(), carol, dave, Status.DRAW, EndReason.ABORTED, true));
        for (GameEnded event : noRating) {
            streams.sendRaw(key, json(event));
        }
        PlayerRef m1 = account("marker-1");
        PlayerRef m2 = account("marker-2");
        streams.sendRaw(key, json(ranked(m1, m2, Status.BLACK_WINS)));
        assertThat(awaitGames(m2.id(), 1).getInt("rating")).isEqualTo(1520);

        // The casual, guest and computer games were seen (statistics), the aborted one not; no rating moved.
        assertThat(statistics().getLong("games")).isEqualTo(gamesBefore + 3 + 1);
        for (PlayerRef nobody : List.of(carol, dave, guest, computer)) {
            assertThat(profile(nobody.id())).as(nobody.id()).isNull();
            given().get("/api/ratings/players/{id}/rating", nobody.id()).then().statusCode(200)
                    .body("rating", equalTo(1500)).body("provisional", equalTo(true));
        }
        given().get("/api/ratings/players/{id}", carol.id()).then().statusCode(404)
                .body("error", equalTo("UNKNOWN_PLAYER")).body("message", notNullValue());
    }

    @Test
    void aRedeliveredGameChangesNothing() {
        PlayerRef erin = account("erin");
        PlayerRef frank = account("frank");
        GameEnded game = ranked(erin, frank, Status.BLACK_WINS);
        String json = json(game);
        streams.sendRaw(game.gameId(), json);
        streams.sendRaw(game.gameId(), json);
        // The same game again with a new event id (a repeat, not a redelivery), then a marker on the same key.
        streams.sendRaw(game.gameId(), json(new GameEnded(game.schemaVersion(), UUID.randomUUID().toString(), game.gameId(),
                game.version(), game.occurredAt(), game.commandId(), game.result(), game.reason(), game.ranked(), game.white(),
                game.black(), game.plies(), game.capturedPairs(), game.points(), null)));
        GameEnded marker = ranked(frank, erin, Status.WHITE_WINS);
        streams.sendRaw(game.gameId(), json(marker));

        // Game 1: frank +20 = 1520, erin 1480. Marker: frank 1520 beats erin 1480, E(1520, 1480) = 0.5573116338,
        // 40 * (1 - 0.5573116338) = +17.71 -> +18: frank 1538, erin 1462.
        JsonPath frankProfile = awaitGames(frank.id(), 2);
        assertThat(frankProfile.getInt("games")).isEqualTo(2);
        assertThat(frankProfile.getInt("rating")).isEqualTo(1538);
        assertThat(frankProfile.getList("history.gameId")).containsExactly(marker.gameId(), game.gameId());
        JsonPath erinProfile = profile(erin.id());
        assertThat(erinProfile.getInt("games")).isEqualTo(2);
        assertThat(erinProfile.getInt("rating")).isEqualTo(1462);

        await().atMost(Duration.ofSeconds(20)).until(() -> streams.ratingChanges(marker.gameId()).size() == 2);
        assertThat(streams.ratingChanges(game.gameId())).hasSize(2);
    }

    @Test
    void ratingChangedIsPublishedForBothPlayersKeyedByPlayerId() {
        PlayerRef gina = account("gina");
        PlayerRef hugo = account("hugo");
        GameEnded game = ranked(gina, hugo, Status.WHITE_WINS);
        streams.publish(game);
        await().atMost(Duration.ofSeconds(30)).until(() -> streams.ratingChanges(game.gameId()).size() >= 2);

        List<RatingChanged> changes = streams.ratingChanges(game.gameId());
        assertThat(changes).hasSize(2);
        RatingChanged ginas = changes.stream().filter(c -> c.playerId().equals(gina.id())).findFirst().orElseThrow();
        RatingChanged hugos = changes.stream().filter(c -> c.playerId().equals(hugo.id())).findFirst().orElseThrow();
        assertThat(List.of(ginas.before(), ginas.after(), hugos.before(), hugos.after())).containsExactly(1500, 1520, 1500, 1480);
        assertThat(changes).allSatisfy(c -> {
            assertThat(c.schemaVersion()).isEqualTo(Contracts.SCHEMA_VERSION);
            assertThat(c.provisional()).isTrue();
            assertThat(c.eventId()).isNotBlank();
            assertThat(c.occurredAt()).isNotNull();
        });
        assertThat(ginas.eventId()).isNotEqualTo(hugos.eventId());
        for (Recorded<RatingChanged> record : streams.ratingRecords()) {
            if (record.value().gameId().equals(game.gameId())) {
                assertThat(record.value().playerId()).isEqualTo(record.key());
            }
        }
    }

    @Test
    void statisticsCountEveryFinishedGameButAborted() {
        JsonPath before = statistics();
        PlayerRef ivan = account("ivan");
        PlayerRef guest = new PlayerRef("guest:" + UUID.randomUUID(), "guest");
        PlayerRef computer = PlayerRef.computer(2);
        String key = UUID.randomUUID().toString();
        // The aborted game goes first on the key, so once the six others are counted it has been processed too.
        List<GameEnded> games = List.of(
                ended(UUID.randomUUID().toString(), ivan, guest, Status.DRAW, EndReason.ABORTED, false),
                ended(UUID.randomUUID().toString(), ivan, guest, Status.WHITE_WINS, EndReason.FIVE_IN_A_ROW, false),
                ended(UUID.randomUUID().toString(), guest, computer, Status.WHITE_WINS, EndReason.FIVE_CAPTURES, false),
                ended(UUID.randomUUID().toString(), computer, ivan, Status.WHITE_WINS, EndReason.TIMEOUT, false),
                ended(UUID.randomUUID().toString(), ivan, computer, Status.BLACK_WINS, EndReason.RESIGNATION, false),
                ended(UUID.randomUUID().toString(), guest, ivan, Status.DRAW, EndReason.BOARD_FULL, false),
                ended(UUID.randomUUID().toString(), computer, guest, Status.BLACK_WINS, EndReason.ABANDONMENT, false));
        for (GameEnded game : games) {
            streams.sendRaw(key, json(game));
        }
        long gamesBefore = before.getLong("games");
        JsonPath after = awaitStatistics(s -> s.getLong("games") >= gamesBefore + 6);

        assertThat(after.getLong("games")).isEqualTo(gamesBefore + 6);
        assertThat(after.getLong("whiteWins") - before.getLong("whiteWins")).isEqualTo(3);
        assertThat(after.getLong("blackWins") - before.getLong("blackWins")).isEqualTo(2);
        assertThat(after.getLong("draws") - before.getLong("draws")).isEqualTo(1);
        Map<String, Integer> reasonsBefore = before.getMap("byReason");
        Map<String, Integer> reasonsAfter = after.getMap("byReason");
        assertThat(reasonsAfter.keySet()).containsExactly("FIVE_IN_A_ROW", "FIVE_CAPTURES", "RESIGNATION", "TIMEOUT", "BOARD_FULL", "ABANDONMENT",
                "AGREEMENT", "NO_SHOW");
        for (String reason : List.of("FIVE_IN_A_ROW", "FIVE_CAPTURES", "RESIGNATION", "TIMEOUT", "BOARD_FULL", "ABANDONMENT")) {
            assertThat(reasonsAfter.get(reason) - reasonsBefore.get(reason)).as(reason).isEqualTo(1);
        }
        long total = after.getLong("games");
        assertThat(after.getLong("whiteWins") + after.getLong("blackWins") + after.getLong("draws")).isEqualTo(total);
        assertThat(after.getDouble("whiteWinPercent")).isEqualTo(percent(after.getLong("whiteWins"), total));
        assertThat(after.getDouble("blackWinPercent")).isEqualTo(percent(after.getLong("blackWins"), total));
        assertThat(after.getDouble("drawPercent")).isEqualTo(percent(after.getLong("draws"), total));
    }

    /** One decimal, half up, computed independently of the service: round(1000 * part / whole) / 10. */
    private static double percent(long part, long whole) {
        return Math.floorDiv(part * 1000 * 2 + whole, whole * 2) / 10.0;
    }

    @Test
    void unreadableEventsAreDeadLetteredAndOtherEventTypesSkipped() {
        String key = UUID.randomUUID().toString();
        streams.sendRaw(key, "{\"type\":\"GameEnded\", this is not json");
        streams.sendRaw(key, "{\"type\":\"GameEnded\",\"gameId\":\"" + key + "\",\"result\":\"WHITE_WINS\"}");
        streams.sendRaw(key, "{\"gameId\":\"" + key + "\"}");
        streams.sendRaw(key, "{\"type\":\"MovePlayed\",\"gameId\":\"" + key + "\",\"version\":3}");
        streams.sendRaw(key, "{\"type\":\"SomethingNew\",\"gameId\":\"" + key + "\"}");
        PlayerRef jane = account("jane");
        PlayerRef karl = account("karl");
        streams.sendRaw(key, json(ranked(jane, karl, Status.WHITE_WINS)));
        assertThat(awaitGames(jane.id(), 1).getInt("rating")).isEqualTo(1520);

        await().atMost(Duration.ofSeconds(20)).until(() -> streams.deadLetters().size() >= 3);
        assertThat(streams.deadLetters()).extracting(Recorded::value)
                .anyMatch(v -> v.contains("this is not json"))
                .anyMatch(v -> v.contains("\"result\":\"WHITE_WINS\""))
                .anyMatch(v -> v.equals("{\"gameId\":\"" + key + "\"}"))
                .noneMatch(v -> v.contains("MovePlayed"))
                .noneMatch(v -> v.contains("SomethingNew"));
    }

    @Test
    void restAnswersUnknownPlayersAndBadParametersClearly() {
        String nobody = "nobody-" + UUID.randomUUID();
        given().get("/api/ratings/players/{id}", nobody).then().statusCode(404)
                .body("error", equalTo("UNKNOWN_PLAYER")).body("message", equalTo("no rated game for player " + nobody));
        given().get("/api/ratings/players/{id}/rating", nobody).then().statusCode(200)
                .body("rating", equalTo(1500)).body("provisional", equalTo(true));
        for (String[] bad : new String[][]{{"page", "-1"}, {"page", "abc"}, {"size", "0"}, {"size", "101"}, {"size", "2.5"}}) {
            given().queryParam(bad[0], bad[1]).get("/api/ratings/leaderboard").then().statusCode(400)
                    .body("error", equalTo(bad[0].equals("page") ? "BAD_PAGE" : "BAD_SIZE")).body("message", notNullValue());
        }
        given().queryParam("history", "-3").get("/api/ratings/players/{id}", nobody).then().statusCode(400)
                .body("error", equalTo("BAD_HISTORY"));
        given().get("/api/ratings/leaderboard").then().statusCode(200).body("page", equalTo(0)).body("size", equalTo(20));
        given().port(club.pente.testinfra.ManagementInterface.testPort()).get("/q/health/ready").then().statusCode(200);
        given().port(club.pente.testinfra.ManagementInterface.testPort()).get("/q/metrics").then().statusCode(200);
        given().port(club.pente.testinfra.ManagementInterface.testPort()).get("/q/openapi?format=json").then().statusCode(200)
                .body("paths.'/api/ratings/leaderboard'.get", notNullValue())
                .body("paths.'/api/ratings/players/{id}/rating'.get", notNullValue())
                .body("paths.'/api/ratings/statistics'.get", notNullValue());
    }

    private static String json(GameEnded event) {
        try {
            return Contracts.json().writeValueAsString(event);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

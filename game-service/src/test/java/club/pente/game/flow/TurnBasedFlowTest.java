package club.pente.game.flow;

import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.Resign;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.core.rules.Variant;
import club.pente.game.support.GameServiceTestResource;
import club.pente.testinfra.Await;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.GameStreams;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.ConfigProvider;
import org.hamcrest.CustomTypeSafeMatcher;
import org.hamcrest.Matcher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

/**
 * Turn-based games and tournament games through the real command stream, with a "day" of two seconds and two
 * vacation days a year (GameServiceTestResource): clocks run out, vacations are drawn first, tournament no-shows,
 * {@code /api/games/mine}, and hostile new fields.
 */
@QuarkusTest
@QuarkusTestResource(value = GameServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class TurnBasedFlowTest {
    private static final Duration DAY = Duration.ofSeconds(2);
    private static GameStreams streams;

    @Inject
    DataSource dataSource;

    @BeforeAll
    static void openStreams() {
        streams = GameStreams.of(ConfigProvider.getConfig());
    }

    @AfterAll
    static void closeStreams() throws Exception {
        streams.close();
    }

    private static PlayerRef someone(String name) {
        return new PlayerRef(name + "-" + UUID.randomUUID(), name);
    }

    private static GameStarted create(CreateGame create) {
        streams.send(create);
        return streams.await(create.gameId(), GameStarted.class, started -> started.commandId().equals(create.commandId()));
    }

    private static MovePlayed play(String gameId, PlayerRef player, int ply, String point) {
        PlayMove move = PlayMove.of(gameId, player.id(), ply, point);
        streams.send(move);
        return streams.await(gameId, MovePlayed.class, played -> played.commandId().equals(move.commandId()));
    }

    /** The instant as JSON shows it, to the millisecond (the database keeps microseconds). */
    private static Matcher<String> at(Instant expected) {
        return new CustomTypeSafeMatcher<>("an instant within 1 ms of " + expected) {
            @Override
            protected boolean matchesSafely(String actual) {
                return Math.abs(Duration.between(expected, Instant.parse(actual)).toNanos()) <= 1_000_000;
            }
        };
    }

    private static int thisYear() {
        return Instant.now().atZone(ZoneOffset.UTC).getYear();
    }

    private void usedVacation(String playerId, int days) throws Exception {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement insert = connection.prepareStatement(
                     "insert into vacation_days (player_id, year, used_days) values (?, ?, ?)")) {
            insert.setString(1, playerId);
            insert.setInt(2, thisYear());
            insert.setInt(3, days);
            insert.executeUpdate();
        }
    }

    @Test
    void aTurnBasedClockRunsOutAfterItsDaysWithoutVacationLeftEvenBeforeTheFirstMove() throws Exception {
        PlayerRef white = someone("wanda");
        PlayerRef black = someone("bert");
        usedVacation(white.id(), 2); // this year's allowance is gone
        String gameId = UUID.randomUUID().toString();
        GameStarted started = create(CreateGame.of(gameId, white, black, false, TimeControl.daysPerMove(1), Variant.PENTE, null));
        assertThat(started.timeControl().daysPerMove()).isEqualTo(1);
        assertThat(started.clocks().whiteMillis()).isEqualTo(DAY.toMillis());
        given().get("/api/games/{id}", gameId).then().statusCode(200)
                .body("timeControl.daysPerMove", equalTo(1))
                .body("variant", equalTo("PENTE"));

        // No first-move abort for a casual turn-based game: white's one day runs out and white loses on time.
        GameEnded ended = streams.await(gameId, GameEnded.class, e -> true, Duration.ofSeconds(20));
        assertThat(ended.reason()).isEqualTo(EndReason.TIMEOUT);
        assertThat(ended.result()).isEqualTo(Status.BLACK_WINS);
        assertThat(ended.timeControl()).isEqualTo(TimeControl.daysPerMove(1));
        assertThat(ended.ratingCategory().id()).isEqualTo("pente-turn");
        assertThat(Duration.between(started.occurredAt(), ended.occurredAt())).isGreaterThanOrEqualTo(DAY);
        given().get("/api/games/{id}", gameId).then()
                .body("status", equalTo("BLACK_WINS"))
                .body("reason", equalTo("TIMEOUT"))
                .body("deadline", nullValue())
                .body("endedAt", at(started.occurredAt().plus(DAY)));
    }

    @Test
    void aRunOutClockDrawsTheVacationDayByDayAndTheGameGoesOnUntilTheAllowanceIsGone() {
        DemoTokens.GuestToken whiteGuest = DemoTokens.guest("vera");
        DemoTokens.GuestToken blackGuest = DemoTokens.guest("victor");
        PlayerRef white = new PlayerRef(whiteGuest.id(), whiteGuest.name());
        PlayerRef black = new PlayerRef(blackGuest.id(), blackGuest.name());
        String gameId = UUID.randomUUID().toString();
        create(CreateGame.of(gameId, white, black, false, TimeControl.daysPerMove(1), Variant.PENTE, null));
        MovePlayed first = play(gameId, white, 1, "K10");
        assertThat(first.nextPlayerId()).isEqualTo(black.id());
        assertThat(first.clocks().whiteMillis()).as("set back to the full day").isEqualTo(DAY.toMillis());

        // Black never moves: its day runs out, then each vacation day is drawn (the game goes on), then it is lost.
        for (int used = 1; used <= 2; used++) {
            int expected = used;
            Instant deadline = first.occurredAt().plus(DAY.multipliedBy(1 + used)); // one more day per vacation day
            // The list and the vacation are two reads: wait for an answer that shows this day drawn in both.
            JsonPath mine = Await.until("vacation day " + used + " with its deadline", () -> {
                JsonPath body = given().auth().oauth2(blackGuest.token()).get("/api/games/mine").then().statusCode(200)
                        .extract().jsonPath();
                List<Map<String, Object>> games = body.getList("games");
                return body.getInt("vacation.usedDays") == expected && games.size() == 1 && games.get(0).get("deadline") != null
                        && Math.abs(Duration.between(deadline, Instant.parse((String) games.get(0).get("deadline"))).toMillis()) <= 1
                        ? body : null;
            }, Duration.ofSeconds(20));
            assertThat(mine.getInt("vacation.allowanceDays")).isEqualTo(2);
            assertThat(mine.getInt("vacation.year")).isEqualTo(thisYear());
            List<Map<String, Object>> games = mine.getList("games");
            assertThat(games).extracting(g -> g.get("gameId")).containsExactly(gameId);
            assertThat(games.get(0).get("yourTurn")).isEqualTo(true);
        }
        GameEnded ended = streams.await(gameId, GameEnded.class, e -> true, Duration.ofSeconds(20));
        assertThat(ended.reason()).isEqualTo(EndReason.TIMEOUT);
        assertThat(ended.result()).isEqualTo(Status.WHITE_WINS);
        assertThat(Duration.between(first.occurredAt(), ended.occurredAt())).isGreaterThanOrEqualTo(DAY.multipliedBy(3));
        given().get("/api/games/{id}", gameId).then().body("endedAt", at(first.occurredAt().plus(DAY.multipliedBy(3))));
        given().auth().oauth2(blackGuest.token()).get("/api/games/mine").then().statusCode(200)
                .body("games.size()", equalTo(0))
                .body("vacation.usedDays", equalTo(2));
        given().auth().oauth2(whiteGuest.token()).get("/api/games/mine").then().statusCode(200)
                .body("vacation.usedDays", equalTo(0));
    }

    @Test
    void aTournamentGameWhoseWhiteNeverMovesIsLostAsANoShow() {
        PlayerRef white = someone("nora");
        PlayerRef black = someone("ned");
        String gameId = UUID.randomUUID().toString();
        String tournamentId = "tour-" + UUID.randomUUID();
        GameStarted started = create(CreateGame.of(gameId, white, black, true, TimeControl.daysPerMove(1), Variant.KERYO, tournamentId));
        assertThat(started.tournamentId()).isEqualTo(tournamentId);
        given().get("/api/games/{id}", gameId).then().body("tournamentId", equalTo(tournamentId)).body("variant", equalTo("KERYO"));

        GameEnded ended = streams.await(gameId, GameEnded.class, e -> true, Duration.ofSeconds(20));
        assertThat(ended.reason()).isEqualTo(EndReason.NO_SHOW);
        assertThat(ended.result()).isEqualTo(Status.BLACK_WINS);
        assertThat(ended.ranked()).as("ranked as the command said").isTrue();
        assertThat(ended.tournamentId()).isEqualTo(tournamentId);
        assertThat(ended.variant()).isEqualTo(Variant.KERYO);
    }

    @Test
    void myGamesListTheCallersTurnFirstByDeadlineThenTheOthers() {
        String aliceToken = DemoTokens.accessToken("alice", "alice");
        PlayerRef alice = new PlayerRef(DemoTokens.claims(aliceToken).get("sub").asText(), "alice");
        PlayerRef other = someone("olga");
        String untimed = UUID.randomUUID().toString();
        String theirs = UUID.randomUUID().toString();
        String soon = UUID.randomUUID().toString();
        String later = UUID.randomUUID().toString();
        create(CreateGame.of(untimed, alice, other, false, TimeControl.UNTIMED, Variant.GOMOKU, null));
        create(CreateGame.of(theirs, other, alice, false, TimeControl.daysPerMove(7), Variant.PENTE, null));
        create(CreateGame.of(later, alice, other, false, TimeControl.daysPerMove(7), Variant.PENTE, null));
        create(CreateGame.of(soon, alice, other, false, TimeControl.daysPerMove(5), Variant.KERYO, null));
        List<String> ours = List.of(untimed, theirs, soon, later);
        try {
            JsonPath mine = given().auth().oauth2(aliceToken).get("/api/games/mine").then().statusCode(200).extract().jsonPath();
            List<Map<String, Object>> games = mine.<Map<String, Object>>getList("games").stream()
                    .filter(g -> ours.contains((String) g.get("gameId"))).toList();
            assertThat(games).extracting(g -> g.get("gameId")).containsExactly(soon, later, untimed, theirs);
            assertThat(games).extracting(g -> g.get("yourTurn")).containsExactly(true, true, true, false);
            assertThat(games.get(0).get("variant")).isEqualTo("KERYO");
            assertThat(games.get(2).get("deadline")).isNull();
            assertThat(games.get(3).get("toMove")).isEqualTo("WHITE");
            assertThat(mine.getList("games").size()).isLessThanOrEqualTo(200);

            given().get("/api/games/mine").then().statusCode(401);
            given().auth().oauth2(aliceToken).queryParam("limit", "0").get("/api/games/mine").then().statusCode(400)
                    .body("error", equalTo("BAD_LIMIT"));
            given().auth().oauth2(aliceToken).queryParam("limit", "lots").get("/api/games/mine").then().statusCode(400)
                    .body("error", equalTo("BAD_LIMIT"));
            given().auth().oauth2(aliceToken).queryParam("limit", "1").get("/api/games/mine").then().statusCode(200)
                    .body("games.size()", equalTo(1));
        } finally {
            for (String gameId : ours) { // they would otherwise run out and draw alice's vacation for other tests
                streams.send(Resign.of(gameId, alice.id()));
            }
        }
    }

    @Test
    void hostileNewFieldsOnTheCommandStreamAreDeadLetteredAndCreateNothing() {
        String badVariant = UUID.randomUUID().toString();
        String badDays = UUID.randomUUID().toString();
        String badTournament = UUID.randomUUID().toString();
        streams.sendRaw(badVariant, createJson(badVariant, "\"CHESS\"", 0, null));
        streams.sendRaw(badDays, createJson(badDays, "\"PENTE\"", 31, null));
        streams.sendRaw(badTournament, createJson(badTournament, "\"PENTE\"", 1, "t".repeat(65)));
        Await.until("three dead letters", () -> streams.deadLetters().stream()
                .filter(r -> List.of(badVariant, badDays, badTournament).contains(r.key())).count() >= 3 ? true : null,
                Duration.ofSeconds(20));
        for (String gameId : List.of(badVariant, badDays, badTournament)) {
            given().get("/api/games/{id}", gameId).then().statusCode(404);
        }
        String good = UUID.randomUUID().toString();
        streams.sendRaw(good, createJson(good, "\"GOMOKU\"", 3, "t-ok"));
        GameStarted started = streams.await(good, GameStarted.class, e -> true);
        assertThat(started.variant()).isEqualTo(Variant.GOMOKU);
        assertThat(started.timeControl().daysPerMove()).isEqualTo(3);
        given().get("/api/games/{id}", good).then().statusCode(200).body("variant", equalTo("GOMOKU"))
                .body("tournamentId", equalTo("t-ok")).body("timeControl.daysPerMove", equalTo(3));
        streams.send(Resign.of(good, "hw-white"));
    }

    private static String createJson(String gameId, String variant, int days, String tournamentId) {
        return "{\"type\":\"CreateGame\",\"schemaVersion\":1,\"commandId\":\"" + UUID.randomUUID() + "\",\"gameId\":\"" + gameId
                + "\",\"white\":{\"id\":\"hw-white\",\"name\":\"w\"},\"black\":{\"id\":\"hw-black\",\"name\":\"b\"},\"ranked\":false,"
                + "\"timeControl\":{\"initialSeconds\":0,\"incrementSeconds\":0,\"daysPerMove\":" + days + "},"
                + "\"issuedAt\":\"2026-12-01T12:00:00Z\",\"variant\":" + variant
                + (tournamentId == null ? "" : ",\"tournamentId\":\"" + tournamentId + "\"") + "}";
    }
}

package club.pente.rating.flow;

import club.pente.core.contract.AuditAction;
import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.AuditOutcome;
import club.pente.core.contract.AuditTarget;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameAnnulled;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RatingChanged;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.rating.support.RatingServiceTestResource;
import club.pente.rating.support.RatingStreams;
import club.pente.testinfra.StackTest;
import club.pente.testinfra.StreamPublisher;
import club.pente.testinfra.StreamRecorder.Recorded;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static club.pente.rating.support.RatingApi.DEADLINE;
import static club.pente.rating.support.RatingApi.awaitGames;
import static club.pente.rating.support.RatingApi.awaitProfile;
import static club.pente.rating.support.RatingApi.awaitStatistics;
import static club.pente.rating.support.RatingApi.profile;
import static club.pente.rating.support.RatingApi.statistics;
import static club.pente.rating.support.RatingStreams.account;
import static club.pente.rating.support.RatingStreams.annulled;
import static club.pente.rating.support.RatingStreams.ended;
import static club.pente.rating.support.RatingStreams.ranked;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * GameAnnulled published on the events topic as the game service does after an admin's AnnulGame: both players'
 * rating changes reversed once, with compensating RatingChanged events and one audit entry, whatever the redelivery.
 */
@QuarkusTest
@QuarkusTestResource(value = RatingServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class AnnulmentTest {
    private static RatingStreams streams;

    @Inject
    DataSource dataSource;

    @BeforeAll
    static void openStreams() {
        streams = RatingStreams.open();
    }

    @AfterAll
    static void closeStreams() throws Exception {
        streams.close();
    }

    @Test
    void annulmentReturnsBothRatingsToTheirValuesBeforeTheGame() {
        PlayerRef alice = account("alice");
        PlayerRef bob = account("bob");
        PlayerRef carol = account("carol");
        // Before: alice beats carol (alice 1520, carol 1480), so alice is not at the initial rating.
        streams.publish(ranked(alice, carol, Status.WHITE_WINS));
        awaitGames(alice.id(), 1);
        // The game to annul: bob (1500) beats alice (1520). E(1500, 1520) = 0.4712, bob +21 = 1521, alice -21 = 1499.
        GameEnded game = ranked(bob, alice, Status.WHITE_WINS);
        streams.publish(game);
        JsonPath afterGame = awaitGames(alice.id(), 2);
        assertThat(afterGame.getInt("rating")).isEqualTo(1499);
        assertThat(awaitGames(bob.id(), 1).getInt("rating")).isEqualTo(1521);
        long gamesCounted = statistics().getLong("games");
        long whiteWins = statistics().getLong("whiteWins");

        streams.publish(annulled(game, "both accounts played by one person"));

        JsonPath a = awaitProfile(alice.id(), p -> p.getInt("games") == 1);
        assertThat(a.getInt("rating")).isEqualTo(1520);
        assertThat(List.of(a.getInt("wins"), a.getInt("losses"), a.getInt("draws"))).containsExactly(1, 0, 0);
        assertThat(a.getMap("asBlack")).isEqualTo(Map.of("games", 0, "wins", 0, "losses", 0, "draws", 0));
        assertThat(a.getMap("asWhite")).isEqualTo(Map.of("games", 1, "wins", 1, "losses", 0, "draws", 0));
        JsonPath b = awaitProfile(bob.id(), p -> p.getInt("games") == 0);
        assertThat(b.getInt("rating")).isEqualTo(1500);
        assertThat(List.of(b.getInt("wins"), b.getInt("losses"), b.getInt("draws"))).containsExactly(0, 0, 0);
        assertThat(b.getMap("asWhite")).isEqualTo(Map.of("games", 0, "wins", 0, "losses", 0, "draws", 0));

        // History, newest first: the annulment line, then the game it takes back (marked), then the earlier game.
        assertThat(a.getList("history.gameId")).containsExactly(game.gameId(), game.gameId(), afterGame.getList("history.gameId").get(1));
        assertThat(a.getList("history.cause")).containsExactly("ANNULMENT", "GAME", "GAME");
        assertThat(a.getList("history.annulled")).containsExactly(true, true, false);
        assertThat(a.getList("history.before")).containsExactly(1499, 1520, 1500);
        assertThat(a.getList("history.after")).containsExactly(1520, 1499, 1520);
        assertThat(a.getList("history.change")).containsExactly(21, -21, 20);
        assertThat(a.getList("history.game")).containsExactly(1, 2, 1);
        assertThat(a.getList("history.outcome")).containsExactly("LOSS", "LOSS", "WIN");
        assertThat(a.getList("history.colour")).containsExactly("BLACK", "BLACK", "WHITE");
        assertThat(b.getList("history.cause")).containsExactly("ANNULMENT", "GAME");
        assertThat(b.getList("history.change")).containsExactly(-21, 21);

        // The leaderboard: bob has no counted game left, alice is back at 1520.
        List<Map<String, Object>> board = given().queryParam("size", 100).get("/api/ratings/leaderboard").then().statusCode(200)
                .extract().jsonPath().getList("entries");
        assertThat(board).noneMatch(entry -> bob.id().equals(entry.get("playerId")));
        assertThat(board).filteredOn(entry -> alice.id().equals(entry.get("playerId")))
                .singleElement().satisfies(entry -> {
                    assertThat(entry.get("rating")).isEqualTo(1520);
                    assertThat(entry.get("games")).isEqualTo(1);
                });
        // The statistics no longer count it.
        JsonPath stats = statistics();
        assertThat(stats.getLong("games")).isEqualTo(gamesCounted - 1);
        assertThat(stats.getLong("whiteWins")).isEqualTo(whiteWins - 1);

        // Compensating RatingChanged, cause ANNULMENT, keyed by player id.
        await().atMost(DEADLINE).until(() -> annulments(game.gameId()).size() >= 2);
        List<Recorded<RatingChanged>> compensations = annulments(game.gameId());
        assertThat(compensations).hasSize(2);
        assertThat(compensations).allSatisfy(record -> assertThat(record.key()).isEqualTo(record.value().playerId()));
        RatingChanged alices = value(compensations, alice);
        RatingChanged bobs = value(compensations, bob);
        assertThat(List.of(alices.before(), alices.after(), bobs.before(), bobs.after())).containsExactly(1499, 1520, 1521, 1500);
        assertThat(alices.provisional()).isTrue();
        assertThat(streams.ratingChanges(game.gameId())).filteredOn(c -> c.cause() == RatingChanged.Cause.GAME).hasSize(2);

        // One audit entry, on the topic (keyed by game id) and in the table, with the admin from the event.
        Recorded<AuditEntry> audited = await().atMost(DEADLINE).until(() -> audit(game.gameId()).stream().findFirst().orElse(null),
                java.util.Objects::nonNull);
        AuditEntry entry = audited.value();
        assertThat(audited.key()).isEqualTo(game.gameId());
        assertThat(entry.action()).isEqualTo(AuditAction.REVERSE_RATINGS);
        assertThat(entry.targetType()).isEqualTo(AuditTarget.GAME);
        assertThat(entry.targetId()).isEqualTo(game.gameId());
        assertThat(entry.gameId()).isEqualTo(game.gameId());
        assertThat(entry.service()).isEqualTo("rating-service");
        assertThat(entry.actor()).isEqualTo(RatingStreams.ADMIN);
        assertThat(entry.reason()).isEqualTo("both accounts played by one person");
        assertThat(entry.outcome()).isEqualTo(AuditOutcome.APPLIED);
        assertThat(entry.detail()).isEqualTo("bob 1521->1500, alice 1499->1520");
        assertThat(auditRows(game.gameId())).isEqualTo(1);
    }

    @Test
    void aRedeliveredAnnulmentChangesNothing() throws Exception {
        PlayerRef erin = account("erin");
        PlayerRef frank = account("frank");
        GameEnded game = ranked(erin, frank, Status.WHITE_WINS);
        streams.publish(game);
        awaitGames(frank.id(), 1);

        GameAnnulled annulment = annulled(game, "played while the clock was broken");
        String json = streams.publish(annulment);
        // The same record again (a redelivery), and another annulment of the same game with a new event id.
        streams.sendTyped(game.gameId(), json, "GameAnnulled");
        streams.publish(annulled(game, "a second admin annuls it too"));
        // A marker on the same key (same partition, so processed after them) between the same players: erin wins again.
        GameEnded marker = ranked(erin, frank, Status.WHITE_WINS);
        streams.sendTyped(game.gameId(), StreamPublisher.json(marker), "GameEnded");

        // Once: both back at 1500 after the annulment, then the marker from there: erin 1520, frank 1480, one game each.
        JsonPath e = awaitProfile(erin.id(), p -> p.getList("history.gameId").contains(marker.gameId()));
        assertThat(e.getInt("rating")).isEqualTo(1520);
        assertThat(e.getInt("games")).isEqualTo(1);
        assertThat(e.getList("history.cause")).containsExactly("GAME", "ANNULMENT", "GAME");
        JsonPath f = profile(frank.id());
        assertThat(f.getInt("rating")).isEqualTo(1480);
        assertThat(f.getInt("games")).isEqualTo(1);
        assertThat(f.getList("history.cause")).containsExactly("GAME", "ANNULMENT", "GAME");

        // The marker's RatingChanged follow the annulment's on each player's partition: by then any second one would be there.
        await().atMost(DEADLINE).until(() -> streams.ratingChanges(marker.gameId()).size() == 2);
        assertThat(annulments(game.gameId())).hasSize(2);
        assertThat(auditRows(game.gameId())).isEqualTo(1);
        assertThat(outboxRows("AUDIT", game.gameId())).isEqualTo(1);
        assertThat(count("select count(*) from game_annulments where game_id = ?", game.gameId())).isEqualTo(1);
        assertThat(audit(game.gameId())).hasSizeLessThanOrEqualTo(1);
        assertThat(streams.deadLetters()).noneMatch(record -> record.value().contains(game.gameId()));
    }

    @Test
    void annulmentOfAGameNeverRatedIsRecordedAndKeepsItsLateEndFromCounting() throws Exception {
        PlayerRef gina = account("gina");
        PlayerRef hugo = account("hugo");
        // A casual game between accounts: counted in the statistics, never rated.
        GameEnded casual = ended(UUID.randomUUID().toString(), gina, hugo, Status.BLACK_WINS, EndReason.FIVE_CAPTURES, false);
        streams.publish(casual);
        awaitStatistics(s -> count("select count(*) from finished_games where game_id = ?", casual.gameId()) == 1);
        streams.publish(annulled(casual, "casual game with a cheat"));
        // The statistics are global, and other games may be counted meanwhile: the annulled game has left them when
        // its row is marked and the statistics equal the rows not annulled (read again until both hold).
        awaitStatistics(s -> count("select count(*) from finished_games where game_id = ? and annulled_at is not null",
                casual.gameId()) == 1 && s.getLong("games") == count("select count(*) from finished_games where annulled_at is null"));
        AuditEntry casualEntry = awaitAudit(casual.gameId());
        assertThat(casualEntry.detail()).isEqualTo("not rated");
        assertThat(casualEntry.outcome()).isEqualTo(AuditOutcome.APPLIED);

        // An annulment that arrives before its game's end was seen (or for a game never seen): recorded, and the
        // ranked GameEnded that follows is neither rated nor counted.
        GameEnded late = ranked(gina, hugo, Status.WHITE_WINS);
        streams.publish(annulled(late, "annulled before the result reached the ratings"));
        streams.sendTyped(late.gameId(), StreamPublisher.json(late), "GameEnded");
        PlayerRef m1 = account("marker-1");
        PlayerRef m2 = account("marker-2");
        streams.sendTyped(late.gameId(), StreamPublisher.json(ranked(m1, m2, Status.WHITE_WINS)), "GameEnded");
        assertThat(awaitGames(m1.id(), 1).getInt("rating")).isEqualTo(1520);

        assertThat(profile(gina.id())).isNull();
        assertThat(profile(hugo.id())).isNull();
        assertThat(count("select count(*) from finished_games where game_id = ?", late.gameId())).isZero();
        assertThat(streams.ratingChanges(late.gameId())).isEmpty();
        assertThat(streams.ratingChanges(casual.gameId())).isEmpty();
        assertThat(awaitAudit(late.gameId()).detail()).isEqualTo("not rated");
        assertThat(count("select count(*) from game_annulments where game_id = ? and not reversed", late.gameId())).isEqualTo(1);
    }

    @Test
    void anAnnulmentWithoutStaffOrReasonIsDeadLettered() {
        PlayerRef ivan = account("ivan");
        PlayerRef jane = account("jane");
        GameEnded game = ranked(ivan, jane, Status.WHITE_WINS);
        streams.publish(game);
        awaitGames(ivan.id(), 1);
        String noStaff = StreamPublisher.json(new GameAnnulled(Contracts.SCHEMA_VERSION, UUID.randomUUID().toString(), game.gameId(),
                43, Contracts.now(), UUID.randomUUID().toString(), true, game.white(), game.black(), null, "no one did it"));
        String noReason = StreamPublisher.json(new GameAnnulled(Contracts.SCHEMA_VERSION, UUID.randomUUID().toString(), game.gameId(),
                43, Contracts.now(), UUID.randomUUID().toString(), true, game.white(), game.black(), RatingStreams.ADMIN, "\u0000"));
        streams.sendTyped(game.gameId(), noStaff, "GameAnnulled");
        streams.sendTyped(game.gameId(), noReason, "GameAnnulled");
        await().atMost(DEADLINE).until(() -> streams.deadLetters().stream().filter(r -> r.value().contains(game.gameId())).count() == 2);
        assertThat(profile(ivan.id()).getInt("rating")).isEqualTo(1520);
        assertThat(auditRows(game.gameId())).isZero();
    }

    private static List<Recorded<RatingChanged>> annulments(String gameId) {
        return streams.ratingRecords().stream()
                .filter(r -> r.value().gameId().equals(gameId) && r.value().cause() == RatingChanged.Cause.ANNULMENT).toList();
    }

    private static RatingChanged value(List<Recorded<RatingChanged>> records, PlayerRef player) {
        return records.stream().map(Recorded::value).filter(c -> c.playerId().equals(player.id())).findFirst().orElseThrow();
    }

    private static List<Recorded<AuditEntry>> audit(String gameId) {
        return streams.auditRecords().stream().filter(r -> gameId.equals(r.value().gameId())).toList();
    }

    private static AuditEntry awaitAudit(String gameId) {
        return await().atMost(DEADLINE).pollInterval(Duration.ofMillis(50))
                .until(() -> audit(gameId).stream().map(Recorded::value).findFirst().orElse(null), java.util.Objects::nonNull);
    }

    private long auditRows(String gameId) {
        return count("select count(*) from admin_audit where game_id = ?", gameId);
    }

    private long outboxRows(String channel, String key) {
        return count("select count(*) from outbox where channel = '" + channel + "' and record_key = ?", key);
    }

    private long count(String sql) {
        try (Connection connection = dataSource.getConnection(); PreparedStatement statement = connection.prepareStatement(sql);
             ResultSet rows = statement.executeQuery()) {
            rows.next();
            return rows.getLong(1);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private long count(String sql, String parameter) {
        try (Connection connection = dataSource.getConnection(); PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, parameter);
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

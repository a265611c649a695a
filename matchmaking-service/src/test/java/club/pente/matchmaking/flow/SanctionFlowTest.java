package club.pente.matchmaking.flow;

import club.pente.core.contract.AuditAction;
import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.AuditOutcome;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerSanctions;
import club.pente.core.contract.StaffRole;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.matchmaking.support.MatchmakingStreams;
import club.pente.matchmaking.support.MatchmakingTestResource;
import club.pente.matchmaking.support.Players;
import club.pente.matchmaking.support.Players.Tokened;
import club.pente.matchmaking.support.StaffStreams;
import club.pente.matchmaking.support.TestDb;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static club.pente.matchmaking.support.MatchmakingStreams.await;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

/**
 * Suspensions and mutes through matchmaking's staff API: a suspended account is refused at every entry point into a
 * new game until the suspension is lifted or ends; each change is one PlayerSanctions and one AuditEntry on Kafka;
 * the audit and status endpoints.
 */
@QuarkusTest
@QuarkusTestResource(value = MatchmakingTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class SanctionFlowTest {
    private static final String SEEK = "{\"mode\":\"CASUAL\",\"timeControl\":\"10+5\"}";
    /** JdbcSanctions.LOCK_SPACE: the first key of a player's sanction lock. */
    private static final int SANCTION_LOCK_SPACE = 0x50536E63;
    private static MatchmakingStreams streams;
    private static StaffStreams staffStreams;
    private static Tokened alice;
    private static Tokened bob;
    private static Tokened mod;
    private static Tokened admin;

    @BeforeAll
    static void setUp() {
        streams = MatchmakingStreams.of(ConfigProvider.getConfig());
        staffStreams = StaffStreams.of(ConfigProvider.getConfig());
        alice = Players.account("alice");
        bob = Players.account("bob");
        mod = Players.account("mod");
        admin = Players.account("admin");
    }

    @AfterAll
    static void tearDown() throws Exception {
        try {
            streams.close();
        } finally {
            staffStreams.close();
        }
    }

    /** Alice and bob start free (other tests of the run use them too): no sanction in force, no waiting seek. */
    @BeforeEach
    @AfterEach
    void freePlayers() {
        for (Tokened player : List.of(alice, bob)) {
            TestDb.update("update sanctions set lifted_at = now(), lift_reason = 'test cleanup' where player_id = ? and lifted_at is null",
                    player.id());
            TestDb.update("update seeks set status = 'CANCELLED', ended_at = now() where player_id = ? and status = 'WAITING'", player.id());
        }
    }

    private static Response suspend(Tokened staff, String playerId, String body) {
        return staff.request().body(body).post("/api/admin/players/{id}/suspension", playerId);
    }

    private static void refusedAsSuspended(Response response, String reason) {
        response.then().statusCode(403).body("error", equalTo("SUSPENDED")).body("message", startsWith("suspended until "))
                .body("message", org.hamcrest.Matchers.endsWith(": " + reason));
    }

    private static String finishedGameOfAliceAndBob() {
        String code = alice.request().body("{\"mode\":\"CASUAL\",\"timeControl\":\"10+5\",\"color\":\"WHITE\"}")
                .post("/api/matchmaking/invitations").then().statusCode(201).extract().path("code");
        String gameId = bob.request().post("/api/matchmaking/invitations/{code}/accept", code).then().statusCode(200).extract().path("gameId");
        CreateGame game = streams.awaitCreateGame(gameId);
        streams.publishEvent(new GameEnded(1, Contracts.newId(), gameId, 10, Contracts.now(), Contracts.newId(), Status.BLACK_WINS,
                EndReason.FIVE_IN_A_ROW, false, game.white(), game.black(), 9, PerSide.ZERO, new PerSide(0, 5), null));
        await(() -> TestDb.single("select ended_at from games where id = ?", gameId), "game ended");
        return gameId;
    }

    @Test
    void aSuspendedAccountCannotStartAnyNewGameUntilTheSuspensionIsLifted() {
        String finished = finishedGameOfAliceAndBob();
        // Her own seek and bob's differ in time control, so the pairing loop leaves both waiting.
        String waiting = alice.request().body("{\"mode\":\"CASUAL\",\"timeControl\":\"15+10\"}").post("/api/matchmaking/seeks").then().statusCode(201).extract().path("id");
        String bobsSeek = bob.request().body(SEEK).post("/api/matchmaking/seeks").then().statusCode(201).extract().path("id");
        String bobsInvitation = bob.request().body("{\"mode\":\"CASUAL\",\"timeControl\":\"10+5\"}").post("/api/matchmaking/invitations")
                .then().statusCode(201).extract().path("code");
        long gamesBefore = ((Number) TestDb.single("select count(*) from games where white_id = ? or black_id = ?", alice.id(),
                alice.id())).longValue();

        String reason = "abusive language in chat";
        suspend(mod, alice.id(), "{\"reason\":\"" + reason + "\",\"minutes\":60}").then().statusCode(201)
                .body("playerId", equalTo(alice.id())).body("suspended", equalTo(true))
                .body("suspension.reason", equalTo(reason)).body("suspension.staff.username", equalTo("mod"))
                .body("mute", nullValue());
        // Her waiting seek was withdrawn with the suspension, so nobody is paired with her.
        alice.request().get("/api/matchmaking/seeks/{id}", waiting).then().statusCode(200).body("status", equalTo("CANCELLED"));

        refusedAsSuspended(alice.request().body(SEEK).post("/api/matchmaking/seeks"), reason);
        refusedAsSuspended(alice.request().post("/api/matchmaking/seeks/{id}/join", bobsSeek), reason);
        refusedAsSuspended(alice.request().body("{\"mode\":\"CASUAL\",\"timeControl\":\"10+5\"}").post("/api/matchmaking/invitations"), reason);
        refusedAsSuspended(alice.request().post("/api/matchmaking/invitations/{code}/accept", bobsInvitation), reason);
        refusedAsSuspended(alice.request().body("{\"level\":3,\"color\":\"WHITE\"}").post("/api/matchmaking/ai-games"), reason);
        refusedAsSuspended(alice.request().post("/api/matchmaking/games/{id}/rematch", finished), reason);
        // Reading is allowed, and she is told why.
        alice.request().get("/api/matchmaking/sanctions/me").then().statusCode(200).body("suspended", equalTo(true))
                .body("suspension.reason", equalTo(reason)).body("suspension.staff", nullValue()).body("muted", equalTo(false));
        alice.request().get("/api/matchmaking/invitations").then().statusCode(200);
        // Bob's offers are still open and no game was created for her.
        bob.request().get("/api/matchmaking/seeks/{id}", bobsSeek).then().body("status", equalTo("WAITING"));
        assertThat(((Number) TestDb.single("select count(*) from games where white_id = ? or black_id = ?", alice.id(), alice.id()))
                .longValue()).isEqualTo(gamesBefore);

        mod.request().body("{\"reason\":\"apologised\"}").delete("/api/admin/players/{id}/suspension", alice.id()).then().statusCode(200)
                .body("suspended", equalTo(false)).body("suspension", nullValue());
        alice.request().get("/api/matchmaking/sanctions/me").then().body("suspended", equalTo(false)).body("suspension", nullValue());
        // Free again at every entry point.
        alice.request().post("/api/matchmaking/games/{id}/rematch", finished).then().statusCode(202);
        alice.request().post("/api/matchmaking/invitations/{code}/accept", bobsInvitation).then().statusCode(200);
        alice.request().post("/api/matchmaking/seeks/{id}/join", bobsSeek).then().statusCode(201);
        String seek = alice.request().body(SEEK).post("/api/matchmaking/seeks").then().statusCode(201).extract().path("id");
        alice.request().delete("/api/matchmaking/seeks/{id}", seek).then().statusCode(200);
        String code = alice.request().body("{\"mode\":\"CASUAL\",\"timeControl\":\"10+5\"}").post("/api/matchmaking/invitations").then()
                .statusCode(201).extract().path("code");
        alice.request().delete("/api/matchmaking/invitations/{code}", code).then().statusCode(204);
        alice.request().body("{\"level\":3,\"color\":\"WHITE\"}").post("/api/matchmaking/ai-games").then().statusCode(201);
    }

    /** Whether a request of this test's database waits for a sanction lock (JdbcSanctions' key space). */
    private static boolean aRequestWaitsForASanctionLock() {
        return TestDb.aSessionWaitsForAnAdvisoryLock(SANCTION_LOCK_SPACE);
    }

    @Test
    void aSeekAnInvitationOrAComputerGameAskedForWhileASuspensionCommitsDoesNotSurviveIt() throws Exception {
        String reason = "caught mid-request";
        Map<String, Supplier<Response>> requests = new LinkedHashMap<>();
        requests.put("seek", () -> alice.request().body(SEEK).post("/api/matchmaking/seeks"));
        requests.put("invitation", () -> alice.request().body(SEEK).post("/api/matchmaking/invitations"));
        requests.put("computer game", () -> alice.request().body("{\"level\":3,\"color\":\"WHITE\"}").post("/api/matchmaking/ai-games"));
        for (Map.Entry<String, Supplier<Response>> request : requests.entrySet()) {
            long gamesBefore = ((Number) TestDb.single("select count(*) from games where white_id = ? or black_id = ?", alice.id(),
                    alice.id())).longValue();
            try (Connection suspension = TestDb.connect()) {
                // What SanctionService.suspend does, held open before its commit: the player's sanction lock, the row, and
                // the withdrawal of her open play (she has none yet).
                suspension.setAutoCommit(false);
                TestDb.holdAdvisoryLock(suspension, SANCTION_LOCK_SPACE, alice.id());
                try (PreparedStatement insert = suspension.prepareStatement("insert into sanctions (id, kind, player_id, since, until, reason, "
                        + "staff_id, staff_name, staff_role) values (?, 'SUSPENSION', ?, now(), now() + interval '1 hour', ?, ?, 'mod', 'MODERATOR')")) {
                    insert.setString(1, UUID.randomUUID().toString());
                    insert.setString(2, alice.id());
                    insert.setString(3, reason);
                    insert.setString(4, mod.id());
                    insert.executeUpdate();
                }
                try (PreparedStatement withdraw = suspension.prepareStatement("update seeks set status = 'CANCELLED', ended_at = now() "
                        + "where player_id = ? and status = 'WAITING'")) {
                    withdraw.setString(1, alice.id());
                    withdraw.executeUpdate();
                }
                CompletableFuture<Response> answer = CompletableFuture.supplyAsync(request.getValue());
                // Either the request waits for the suspension's lock, or it went through without it (the race this closes).
                await(() -> answer.isDone() || aRequestWaitsForASanctionLock() ? Boolean.TRUE : null,
                        "the " + request.getKey() + " request waits for the suspension or answers");
                suspension.commit();
                refusedAsSuspended(answer.get(30, TimeUnit.SECONDS), reason);
            }
            assertThat(TestDb.single("select id from seeks where player_id = ? and status = 'WAITING'", alice.id()))
                    .as("a waiting seek after the " + request.getKey() + " request").isNull();
            assertThat(TestDb.single("select code from invitations where inviter_id = ? and status = 'OPEN'", alice.id()))
                    .as("an open invitation after the " + request.getKey() + " request").isNull();
            assertThat(((Number) TestDb.single("select count(*) from games where white_id = ? or black_id = ?", alice.id(), alice.id()))
                    .longValue()).as("games after the " + request.getKey() + " request").isEqualTo(gamesBefore);
            freePlayers();
        }
    }

    @Test
    void aSuspensionEndsByItselfAndAGuestIsNeverAskedAbout() {
        suspend(mod, alice.id(), "{\"reason\":\"cool down\",\"minutes\":5}").then().statusCode(201);
        refusedAsSuspended(alice.request().body(SEEK).post("/api/matchmaking/seeks"), "cool down");
        // Five minutes later (the row aged; every instance compares until with its clock, nothing is cached).
        TestDb.update("update sanctions set since = ?, until = ? where player_id = ? and lifted_at is null",
                Timestamp.from(Instant.now().minus(Duration.ofMinutes(6))), Timestamp.from(Instant.now().minusSeconds(1)), alice.id());
        String seek = alice.request().body(SEEK).post("/api/matchmaking/seeks").then().statusCode(201).extract().path("id");
        alice.request().delete("/api/matchmaking/seeks/{id}", seek).then().statusCode(200);
        alice.request().get("/api/matchmaking/sanctions/me").then().body("suspended", equalTo(false));
        // Nothing in force to lift any more.
        mod.request().body("{\"reason\":\"x\"}").delete("/api/admin/players/{id}/suspension", alice.id()).then().statusCode(404)
                .body("error", equalTo("NOT_SUSPENDED"));

        Tokened guest = Players.guest("Visitor");
        guest.request().get("/api/matchmaking/sanctions/me").then().statusCode(200).body("suspended", equalTo(false))
                .body("muted", equalTo(false)).body("playerId", equalTo(guest.id()));
        given().get("/api/matchmaking/sanctions/me").then().statusCode(401);
    }

    @Test
    void eachChangeIsExactlyOnePlayerSanctionsAndOneAuditEntryOnKafka() {
        String player = UUID.randomUUID().toString();
        String first = suspend(mod, player, "{\"reason\":\"first\",\"minutes\":60}").then().statusCode(201).extract().path("suspension.id");
        // An admin replaces it with one until lifted and forfeits the player's live games.
        String second = suspend(admin, player, "{\"reason\":\"second\",\"minutes\":null,\"forfeitLiveGames\":true}").then().statusCode(201)
                .body("suspension.until", nullValue()).body("suspension.forfeitLiveGames", equalTo(true))
                .body("suspension.staff.role", equalTo("ADMIN")).extract().path("suspension.id");
        mod.request().body("{\"reason\":\"spam\",\"minutes\":30}").post("/api/admin/players/{id}/mute", player).then().statusCode(201)
                .body("suspended", equalTo(true)).body("muted", equalTo(true)).body("mute.reason", equalTo("spam"));
        mod.request().body("{\"reason\":\"served\"}").delete("/api/admin/players/{id}/mute", player).then().statusCode(200)
                .body("muted", equalTo(false)).body("mute", nullValue()).body("suspended", equalTo(true));
        mod.request().body("{\"reason\":\"appeal granted\"}").delete("/api/admin/players/{id}/suspension", player).then().statusCode(200)
                .body("suspended", equalTo(false));

        staffStreams.awaitChanges(player, 5);
        List<PlayerSanctions> states = staffStreams.sanctionsOf(player);
        List<AuditEntry> entries = staffStreams.auditOf(player);
        assertThat(states).hasSize(5);
        assertThat(entries).hasSize(5);
        assertThat(states.get(0).suspension().id()).isEqualTo(first);
        assertThat(states.get(0).suspension().staff().role()).isEqualTo(StaffRole.MODERATOR);
        assertThat(states.get(1).suspension().id()).isEqualTo(second);
        assertThat(states.get(1).suspension().until()).isNull();
        assertThat(states.get(1).suspension().forfeitLiveGames()).isTrue();
        assertThat(states.get(1).suspendedAt(Instant.now().plus(Duration.ofDays(400)))).isTrue();
        assertThat(states.get(2).mutedAt(Instant.now())).isTrue();
        assertThat(states.get(2).suspension().id()).isEqualTo(second);
        assertThat(states.get(3).mute()).isNull();
        assertThat(states.get(4).suspension()).isNull();
        assertThat(states.get(4).mute()).isNull();
        assertThat(states).extracting(PlayerSanctions::eventId).doesNotHaveDuplicates();

        assertThat(entries).extracting(AuditEntry::action).containsExactly(AuditAction.SUSPEND_PLAYER, AuditAction.SUSPEND_PLAYER,
                AuditAction.MUTE_CHAT, AuditAction.LIFT_MUTE, AuditAction.LIFT_SUSPENSION);
        assertThat(entries).extracting(e -> e.actor().username()).containsExactly("mod", "admin", "mod", "mod", "mod");
        assertThat(entries).extracting(AuditEntry::reason).containsExactly("first", "second", "spam", "served", "appeal granted");
        assertThat(entries).allSatisfy(e -> {
            assertThat(e.service()).isEqualTo("matchmaking-service");
            assertThat(e.targetId()).isEqualTo(player);
            assertThat(e.outcome()).isEqualTo(AuditOutcome.APPLIED);
        });
        assertThat(entries.get(1).detail()).contains("until lifted").contains("forfeit").contains(first);

        // The rows agree: five audit rows, the history newest first, the first suspension replaced by the second.
        assertThat(((Number) TestDb.single("select count(*) from admin_audit where target_id = ?", player)).intValue()).isEqualTo(5);
        Response view = mod.request().get("/api/admin/players/{id}/sanctions", player);
        view.then().statusCode(200).body("suspended", equalTo(false)).body("muted", equalTo(false)).body("history.size()", equalTo(3))
                .body("history[0].kind", equalTo("MUTE")).body("history[0].liftReason", equalTo("served"))
                .body("history[1].id", equalTo(second)).body("history[1].liftReason", equalTo("appeal granted"))
                .body("history[1].liftedBy.username", equalTo("mod"))
                .body("history[2].id", equalTo(first)).body("history[2].replacedBy", equalTo(second));

        // The audit endpoint lists the same entries, newest first; a filter narrows them.
        mod.request().get("/api/admin/audit?target=" + player).then().statusCode(200).body("service", equalTo("matchmaking-service"))
                .body("entries.size()", equalTo(5)).body("entries[0].action", equalTo("LIFT_SUSPENSION"))
                .body("entries[4].action", equalTo("SUSPEND_PLAYER")).body("entries[0].actor.username", equalTo("mod"));
        mod.request().get("/api/admin/audit?target=" + player + "&actor=admin").then().statusCode(200)
                .body("entries.size()", equalTo(1)).body("entries[0].reason", equalTo("second"));
        mod.request().get("/api/admin/audit?target=" + player + "&action=MUTE_CHAT&limit=1").then().statusCode(200)
                .body("entries.size()", equalTo(1));
    }

    @Test
    void muteLimits() {
        String player = UUID.randomUUID().toString();
        String path = "/api/admin/players/" + player + "/mute";
        for (String minutes : List.of("0", "43201", "-5", "null")) {
            mod.request().body("{\"reason\":\"spam\",\"minutes\":" + minutes + "}").post(path).then().statusCode(400)
                    .body("error", equalTo("BAD_MINUTES"));
        }
        mod.request().body("{\"reason\":\"spam\"}").post(path).then().statusCode(400).body("error", equalTo("BAD_MINUTES"));
        assertThat(((Number) TestDb.single("select count(*) from sanctions where player_id = ?", player)).intValue()).isZero();
        // The longest mute is a moderator's to give: 30 days.
        Instant before = Instant.now();
        String until = mod.request().body("{\"reason\":\"spam\",\"minutes\":43200}").post(path).then().statusCode(201)
                .body("muted", equalTo(true)).body("suspended", equalTo(false)).extract().path("mute.until");
        assertThat(Duration.between(before, Instant.parse(until))).isBetween(Duration.ofDays(30).minusMinutes(1), Duration.ofDays(30).plusMinutes(1));
        // A new mute replaces the one in force.
        mod.request().body("{\"reason\":\"again\",\"minutes\":1}").post(path).then().statusCode(201).body("mute.reason", equalTo("again"));
        mod.request().get("/api/admin/players/{id}/sanctions", player).then().body("history.size()", equalTo(2))
                .body("history[1].replacedBy", org.hamcrest.Matchers.notNullValue()).body("mute.reason", equalTo("again"));
        mod.request().body("{\"reason\":\"ok\"}").delete(path).then().statusCode(200).body("muted", equalTo(false));
        mod.request().body("{\"reason\":\"ok\"}").delete(path).then().statusCode(404).body("error", equalTo("NOT_MUTED"));
        // A muted player can still play: only chat is muted (the game service refuses it).
        mod.request().body("{\"reason\":\"spam\",\"minutes\":10}").post("/api/admin/players/{id}/mute", alice.id()).then().statusCode(201);
        alice.request().get("/api/matchmaking/sanctions/me").then().body("muted", equalTo(true)).body("mute.reason", equalTo("spam"))
                .body("suspended", equalTo(false));
        String seek = alice.request().body(SEEK).post("/api/matchmaking/seeks").then().statusCode(201).extract().path("id");
        alice.request().delete("/api/matchmaking/seeks/{id}", seek).then().statusCode(200);
    }

    @Test
    void statusSaysWhoAndHowFarBehindTheOutboxIs() {
        mod.request().get("/api/admin/status").then().statusCode(200).body("service", equalTo("matchmaking-service"))
                .body("version", org.hamcrest.Matchers.not(org.hamcrest.Matchers.emptyOrNullString()))
                .body("instance", org.hamcrest.Matchers.matchesPattern(".+:\\d+"))
                .body("outboxBacklog", org.hamcrest.Matchers.greaterThanOrEqualTo(0));
    }
}

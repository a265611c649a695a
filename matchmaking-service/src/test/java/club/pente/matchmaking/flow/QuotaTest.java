package club.pente.matchmaking.flow;

import club.pente.matchmaking.domain.InvitationCodes;
import club.pente.matchmaking.support.MatchmakingTestResource;
import club.pente.matchmaking.support.Players;
import club.pente.matchmaking.support.Players.Tokened;
import club.pente.matchmaking.support.TestDb;
import club.pente.testinfra.Await;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

/**
 * Per-player quotas with the configured (production) limits: each is reached by one fresh guest, gives
 * 429 with a Retry-After and changes nothing, while another player is unaffected.
 */
@QuarkusTest
@QuarkusTestResource(value = MatchmakingTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class QuotaTest {
    private static int limit(String name) {
        return ConfigProvider.getConfig().getValue("pente.quota." + name, Integer.class);
    }

    private static int count(String sql, Object... args) {
        return ((Number) TestDb.single(sql, args)).intValue();
    }

    private static void tooMany(ValidatableResponse response, String error) {
        String retryAfter = response.statusCode(429).body("error", equalTo(error)).extract().header("Retry-After");
        assertThat(Integer.parseInt(retryAfter)).isBetween(1, 60);
    }

    @Test
    void seeksPerMinute() {
        Tokened looper = Players.guest("Looper");
        String body = "{\"mode\":\"CASUAL\",\"timeControl\":\"10+5\"}";
        for (int i = 0; i < limit("seeks.per-minute"); i++) {
            String id = looper.request().body(body).post("/api/matchmaking/seeks").then().statusCode(201).extract().path("id");
            looper.request().delete("/api/matchmaking/seeks/{id}", id).then().statusCode(200);
        }
        int stored = count("select count(*) from seeks where player_id = ?", looper.id());
        tooMany(looper.request().body(body).post("/api/matchmaking/seeks").then(), "TOO_MANY_SEEKS");
        assertThat(count("select count(*) from seeks where player_id = ?", looper.id())).isEqualTo(stored);
        Tokened other = Players.guest("Other");
        String id = other.request().body(body).post("/api/matchmaking/seeks").then().statusCode(201).extract().path("id");
        other.request().delete("/api/matchmaking/seeks/{id}", id).then().statusCode(200);
    }

    @Test
    void openInvitationsAndInvitationsPerMinute() {
        Tokened host = Players.guest("Host");
        String body = "{\"mode\":\"CASUAL\",\"timeControl\":\"10+5\"}";
        int open = limit("invitations.open");
        int perMinute = limit("invitations.per-minute");
        assertThat(open).as("the test reaches the open limit before the per-minute one").isLessThan(perMinute);
        String last = null;
        for (int i = 0; i < open; i++) {
            last = host.request().body(body).post("/api/matchmaking/invitations").then().statusCode(201).extract().path("code");
        }
        tooMany(host.request().body(body).post("/api/matchmaking/invitations").then(), "TOO_MANY_OPEN_INVITATIONS");
        assertThat(count("select count(*) from invitations where inviter_id = ?", host.id())).isEqualTo(open);
        // Withdrawing one makes room again, until the requests per minute run out.
        int attempts = open + 1;
        while (attempts < perMinute) {
            host.request().delete("/api/matchmaking/invitations/{code}", last).then().statusCode(204);
            last = host.request().body(body).post("/api/matchmaking/invitations").then().statusCode(201).extract().path("code");
            attempts++;
        }
        host.request().delete("/api/matchmaking/invitations/{code}", last).then().statusCode(204);
        int stored = count("select count(*) from invitations where inviter_id = ?", host.id());
        tooMany(host.request().body(body).post("/api/matchmaking/invitations").then(), "TOO_MANY_INVITATIONS");
        assertThat(count("select count(*) from invitations where inviter_id = ?", host.id())).isEqualTo(stored);
    }

    /** The quota lock's key space (JdbcTransactions): "PQto". */
    private static final int QUOTA_LOCK_SPACE = 0x5051746F;

    @Test
    void aCreationWaitsForTheSamePlayersCreationInFlightAndCountsWhatItInserted() throws Exception {
        Tokened host = Players.guest("Burst");
        String body = "{\"mode\":\"CASUAL\",\"timeControl\":\"10+5\"}";
        int open = limit("invitations.open");
        for (int i = 0; i < open - 1; i++) {
            host.request().body(body).post("/api/matchmaking/invitations").then().statusCode(201);
        }
        try (Connection inFlight = TestDb.connect()) {
            // Another creation of the host's, held open before its commit: it took the quota lock, counted open - 1 and
            // inserted the last invitation the limit allows.
            inFlight.setAutoCommit(false);
            TestDb.holdAdvisoryLock(inFlight, QUOTA_LOCK_SPACE, host.id());
            try (PreparedStatement insert = inFlight.prepareStatement("insert into invitations (code, inviter_id, inviter_name, mode, "
                    + "time_control, color, games, status, created_at, expires_at, invitee_name, variant) select ?, inviter_id, inviter_name, "
                    + "mode, time_control, color, games, status, now(), expires_at, invitee_name, variant from invitations "
                    + "where inviter_id = ? limit 1")) {
                insert.setString(1, InvitationCodes.generate(new java.util.Random()));
                insert.setString(2, host.id());
                assertThat(insert.executeUpdate()).isEqualTo(1);
            }
            CompletableFuture<Response> answer = CompletableFuture.supplyAsync(() -> host.request().body(body).post("/api/matchmaking/invitations"));
            // Without the lock the request counts open - 1 (the insert is not committed) and passes: the race this closes.
            Await.until("the host's request waits for the creation in flight, or answers",
                    () -> answer.isDone() || TestDb.aSessionWaitsForAnAdvisoryLock(QUOTA_LOCK_SPACE) ? Boolean.TRUE : null, Duration.ofSeconds(30));
            assertThat(answer.isDone()).as("the host's request answered before the creation in flight committed").isFalse();
            // Another player is not held up by the host's lock.
            Tokened other = Players.guest("Bystander");
            String code = other.request().body(body).post("/api/matchmaking/invitations").then().statusCode(201).extract().path("code");
            other.request().delete("/api/matchmaking/invitations/{code}", code).then().statusCode(204);
            inFlight.commit();
            tooMany(answer.get(30, TimeUnit.SECONDS).then(), "TOO_MANY_OPEN_INVITATIONS");
        }
        assertThat(count("select count(*) from invitations where inviter_id = ?", host.id())).isEqualTo(open);
    }

    @Test
    void acceptsPerMinuteSlowDownAJoinLoop() {
        Tokened looper = Players.guest("Joiner");
        for (int i = 0; i < limit("accepts.per-minute"); i++) {
            looper.request().post("/api/matchmaking/invitations/{code}/accept", "ZZZZZZZZ").then().statusCode(404);
        }
        tooMany(looper.request().post("/api/matchmaking/invitations/{code}/accept", "ZZZZZZZZ").then(), "TOO_MANY_ACCEPTS");
    }

    @Test
    void liveComputerGamesAndComputerGamesPerMinute() {
        Tokened player = Players.guest("Busy");
        String body = "{\"level\":1,\"color\":\"WHITE\"}";
        int live = limit("ai-games.live");
        int perMinute = limit("ai-games.per-minute");
        assertThat(live).as("the test reaches the live limit before the per-minute one").isLessThan(perMinute);
        String last = null;
        for (int i = 0; i < live; i++) {
            last = player.request().body(body).post("/api/matchmaking/ai-games").then().statusCode(201).extract().path("gameId");
        }
        tooMany(player.request().body(body).post("/api/matchmaking/ai-games").then(), "TOO_MANY_LIVE_COMPUTER_GAMES");
        assertThat(count("select count(*) from games where white_id = ?", player.id())).isEqualTo(live);
        int attempts = live + 1;
        while (attempts < perMinute) {
            // The game ended (as GameEnded would record it): room for one more.
            TestDb.update("update games set ended_at = now(), result = 'BLACK_WON' where id = ?", last);
            last = player.request().body(body).post("/api/matchmaking/ai-games").then().statusCode(201).extract().path("gameId");
            attempts++;
        }
        TestDb.update("update games set ended_at = now(), result = 'BLACK_WON' where id = ?", last);
        int stored = count("select count(*) from games where white_id = ?", player.id());
        tooMany(player.request().body(body).post("/api/matchmaking/ai-games").then(), "TOO_MANY_COMPUTER_GAMES");
        assertThat(count("select count(*) from games where white_id = ?", player.id())).isEqualTo(stored);
    }
}

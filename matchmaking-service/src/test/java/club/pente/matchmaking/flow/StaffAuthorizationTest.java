package club.pente.matchmaking.flow;

import club.pente.core.contract.AuditAction;
import club.pente.matchmaking.support.MatchmakingTestResource;
import club.pente.matchmaking.support.Players;
import club.pente.matchmaking.support.Players.Tokened;
import club.pente.matchmaking.support.StaffStreams;
import club.pente.matchmaking.support.TestDb;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

/**
 * Who may use matchmaking's staff endpoints, checked here and not only at the gateway: no token 401, a player's or
 * a guest's token 403 STAFF_ONLY, a moderator beyond the moderator's limits 403 ADMIN_ONLY, bad input 400, a change of
 * one's own sanctions 403 OWN_SANCTION, and not one of those refusals leaves a row (sanctions, audit, outbox) or a Kafka record behind.
 */
@QuarkusTest
@QuarkusTestResource(value = MatchmakingTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class StaffAuthorizationTest {
    private static StaffStreams staffStreams;
    private static Tokened alice;
    private static Tokened mod;

    /** One staff call: method, path, body (null: none). */
    private record Call(String method, String path, String body) {
        io.restassured.response.Response send(RequestSpecification request) {
            RequestSpecification spec = request.contentType(ContentType.JSON);
            if (body != null) {
                spec = spec.body(body);
            }
            return spec.request(method, path);
        }
    }

    @BeforeAll
    static void setUp() {
        staffStreams = StaffStreams.of(ConfigProvider.getConfig());
        alice = Players.account("alice");
        mod = Players.account("mod");
    }

    @AfterAll
    static void tearDown() throws Exception {
        staffStreams.close();
    }

    private static List<Call> everyCall(String target) {
        String players = "/api/admin/players/" + target;
        return List.of(
                new Call("POST", players + "/suspension", "{\"reason\":\"spam\",\"minutes\":60}"),
                new Call("DELETE", players + "/suspension", "{\"reason\":\"served\"}"),
                new Call("POST", players + "/mute", "{\"reason\":\"abuse\",\"minutes\":30}"),
                new Call("DELETE", players + "/mute", "{\"reason\":\"served\"}"),
                new Call("GET", players + "/sanctions", null),
                new Call("GET", "/api/admin/audit", null),
                new Call("GET", "/api/admin/status", null));
    }

    /** What any refused call must leave as it was: every staff-written table and the outbox's staff channels. */
    private static List<Long> stored() {
        return List.of(count("select count(*) from sanctions"), count("select count(*) from admin_audit"),
                count("select count(*) from outbox where channel in ('SANCTIONS', 'AUDIT')"));
    }

    private static long count(String sql) {
        return ((Number) TestDb.single(sql)).longValue();
    }

    private static void unchangedBy(Supplier<Void> refusals) {
        List<Long> before = stored();
        int sanctionsRecords = staffStreams.sanctionsRecords();
        int auditRecords = staffStreams.auditRecords();
        refusals.get();
        assertThat(stored()).as("sanctions, audit and outbox rows").isEqualTo(before);
        assertThat(staffStreams.sanctionsRecords()).isEqualTo(sanctionsRecords);
        assertThat(staffStreams.auditRecords()).isEqualTo(auditRecords);
    }

    @Test
    void withoutTokenAPlayerOrAGuestEveryStaffEndpointIsRefusedAndNothingChanges() {
        String target = UUID.randomUUID().toString();
        Tokened guest = Players.guest("Mallory");
        unchangedBy(() -> {
            for (Call call : everyCall(target)) {
                call.send(given()).then().statusCode(401).body("error", equalTo("UNAUTHENTICATED"));
                call.send(given().auth().oauth2("not-a-token")).then().statusCode(401);
                call.send(alice.request()).then().statusCode(403).body("error", equalTo("STAFF_ONLY"));
                call.send(guest.request()).then().statusCode(403).body("error", equalTo("STAFF_ONLY"));
            }
            return null;
        });
        // The same calls by a moderator pass the fence (the refusals above were about the caller), and the fence's
        // record is the only one keyed by the target: no refused call reached the outbox.
        mod.request().body("{\"reason\":\"spam\",\"minutes\":60}").post("/api/admin/players/{id}/suspension", target)
                .then().statusCode(201).body("suspended", equalTo(true));
        staffStreams.awaitChanges(target, 1);
        mod.request().get("/api/admin/players/{id}/sanctions", target).then().statusCode(200).body("history.size()", equalTo(1));
        assertThat(staffStreams.sanctionsOf(target)).hasSize(1);
        assertThat(staffStreams.auditOf(target)).singleElement().satisfies(entry -> {
            assertThat(entry.action()).isEqualTo(AuditAction.SUSPEND_PLAYER);
            assertThat(entry.actor().username()).isEqualTo("mod");
        });
    }

    @Test
    void staffCannotSuspendMuteOrLiftTheirOwnAccountAndNothingChanges() {
        Tokened admin = Players.account("admin");
        String self = mod.id();
        int changesBefore = staffStreams.sanctionsOf(self).size();
        admin.request().body("{\"reason\":\"abused the staff tools\",\"minutes\":60}").post("/api/admin/players/{id}/suspension", self)
                .then().statusCode(201);
        admin.request().body("{\"reason\":\"abused the staff tools\",\"minutes\":60}").post("/api/admin/players/{id}/mute", self)
                .then().statusCode(201);
        staffStreams.awaitChanges(self, changesBefore + 2);
        try {
            unchangedBy(() -> {
                // The suspended and muted moderator may neither lift nor replace (shorten) what the admin decided,
                for (Call call : everyCall(self).subList(0, 4)) {
                    call.send(mod.request()).then().statusCode(403).body("error", equalTo("OWN_SANCTION"));
                }
                // and no staff member, admins included, changes their own sanctions.
                for (Call call : everyCall(admin.id()).subList(0, 4)) {
                    call.send(admin.request()).then().statusCode(403).body("error", equalTo("OWN_SANCTION"));
                }
                return null;
            });
            admin.request().get("/api/admin/players/{id}/sanctions", self).then().statusCode(200)
                    .body("suspension.reason", equalTo("abused the staff tools")).body("suspension.staff.username", equalTo("admin"))
                    .body("mute.staff.username", equalTo("admin")).body("history.size()", equalTo(2));
            // Reading one's own sanctions stays allowed.
            mod.request().get("/api/admin/players/{id}/sanctions", self).then().statusCode(200).body("suspended", equalTo(true));
        } finally {
            admin.request().body("{\"reason\":\"test cleanup\"}").delete("/api/admin/players/{id}/suspension", self);
            admin.request().body("{\"reason\":\"test cleanup\"}").delete("/api/admin/players/{id}/mute", self);
        }
    }

    @Test
    void aModeratorIsRefusedWhatNeedsAnAdminAndNothingChanges() {
        String target = UUID.randomUUID().toString();
        String path = "/api/admin/players/" + target + "/suspension";
        unchangedBy(() -> {
            for (String body : List.of("{\"reason\":\"cheating\",\"minutes\":10081}", "{\"reason\":\"cheating\",\"minutes\":null}",
                    "{\"reason\":\"cheating\"}", "{\"reason\":\"cheating\",\"minutes\":60,\"forfeitLiveGames\":true}")) {
                mod.request().body(body).post(path).then().statusCode(403).body("error", equalTo("ADMIN_ONLY"));
            }
            return null;
        });
        // The longest a moderator may: 7 days, no forfeit.
        mod.request().body("{\"reason\":\"cheating\",\"minutes\":10080,\"forfeitLiveGames\":false}").post(path).then().statusCode(201)
                .body("suspension.forfeitLiveGames", equalTo(false)).body("suspension.staff.role", equalTo("MODERATOR"));
        staffStreams.awaitChanges(target, 1);
        assertThat(staffStreams.sanctionsOf(target)).hasSize(1);
        assertThat(staffStreams.auditOf(target)).hasSize(1);
    }

    @Test
    void badInputIsA400ThatChangesNothing() {
        String target = UUID.randomUUID().toString();
        unchangedBy(() -> {
            for (String bad : List.of("guest:1a2b3c4d-0000-0000-0000-000000000000", "ai:3")) {
                mod.request().body("{\"reason\":\"x\",\"minutes\":5}").post("/api/admin/players/{id}/suspension", bad).then()
                        .statusCode(400).body("error", equalTo("BAD_PLAYER_ID"));
                mod.request().body("{\"reason\":\"x\",\"minutes\":5}").post("/api/admin/players/{id}/mute", bad).then()
                        .statusCode(400).body("error", equalTo("BAD_PLAYER_ID"));
                mod.request().get("/api/admin/players/{id}/sanctions", bad).then().statusCode(400).body("error", equalTo("BAD_PLAYER_ID"));
            }
            // Too long for any id: the kit's path filter refuses it first.
            mod.request().body("{\"reason\":\"x\",\"minutes\":5}").post("/api/admin/players/{id}/suspension", "x".repeat(129)).then()
                    .statusCode(400);
            String suspension = "/api/admin/players/" + target + "/suspension";
            mod.request().body("{\"minutes\":5}").post(suspension).then().statusCode(400).body("error", equalTo("MISSING_REASON"));
            mod.request().body("{\"reason\":\"\",\"minutes\":5}").post(suspension).then().statusCode(400).body("error", equalTo("MISSING_REASON"));
            mod.request().body("{\"reason\":\"" + "r".repeat(501) + "\",\"minutes\":5}").post(suspension).then().statusCode(400)
                    .body("error", equalTo("BAD_REASON"));
            mod.request().body("{\"reason\":\"a\\u0007b\",\"minutes\":5}").post(suspension).then().statusCode(400)
                    .body("error", equalTo("BAD_REASON"));
            mod.request().body("{\"reason\":\"x\",\"minutes\":0}").post(suspension).then().statusCode(400).body("error", equalTo("BAD_MINUTES"));
            mod.request().body("{\"reason\":\"x\",\"minutes\":\"5\"}").post(suspension).then().statusCode(400);
            mod.request().post(suspension).then().statusCode(400);
            Players.account("admin").request().body("{\"reason\":\"x\",\"minutes\":525601}").post(suspension).then().statusCode(400)
                    .body("error", equalTo("BAD_MINUTES"));
            mod.request().body("{}").delete(suspension).then().statusCode(400).body("error", equalTo("MISSING_REASON"));
            mod.request().body("{\"reason\":\"x\"}").delete(suspension).then().statusCode(404).body("error", equalTo("NOT_SUSPENDED"));
            mod.request().body("{\"reason\":\"x\"}").delete("/api/admin/players/{id}/mute", target).then().statusCode(404)
                    .body("error", equalTo("NOT_MUTED"));
            mod.request().get("/api/admin/audit?limit=0").then().statusCode(400).body("error", equalTo("BAD_LIMIT"));
            mod.request().get("/api/admin/audit?action=DELETE_EVERYTHING").then().statusCode(400).body("error", equalTo("BAD_ACTION"));
            return null;
        });
    }

    @Test
    void theAuditCannotBeEditedThroughTheApiNorInTheDatabase() {
        mod.request().body("{}").put("/api/admin/audit").then().statusCode(405);
        mod.request().delete("/api/admin/audit").then().statusCode(405);
        String target = UUID.randomUUID().toString();
        mod.request().body("{\"reason\":\"flood\",\"minutes\":5}").post("/api/admin/players/{id}/mute", target).then().statusCode(201);
        assertThat(count("select count(*) from admin_audit where target_id = '" + target + "'")).isEqualTo(1);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TestDb.update("update admin_audit set reason = 'nothing' where target_id = ?",
                target)).hasMessageContaining("append-only");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TestDb.update("delete from admin_audit where target_id = ?", target))
                .hasMessageContaining("append-only");
    }
}

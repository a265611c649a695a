package club.pente.hostile;

import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.Topic;
import club.pente.testinfra.Platform;
import club.pente.testinfra.StreamRecorder;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static club.pente.hostile.StaffPlatform.call;
import static club.pente.hostile.StaffPlatform.code;
import static club.pente.hostile.StaffPlatform.token;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Who may do what on the staff API, against the whole packaged platform ({@link StaffPlatform}) with real Keycloak
 * tokens. For EVERY staff endpoint (api.md and the owners' api-*.md), through the gateway and straight at the
 * service that owns the data: no token 401, a player's token (alice) 403 STAFF_ONLY, a guest's 401 or 403, the
 * moderator on the admin-only actions 403 ADMIN_ONLY; every refused call changes nothing (every table of the game,
 * matchmaking and rating databases compared before and after; no record on pente.admin.audit,
 * pente.admin.sanctions, the game commands or the rating events). Then each permitted kind of staff action once,
 * counting the audit entries it wrote (database rows of every owner and records on pente.admin.audit): exactly one
 * per action, plus the rating service's REVERSE_RATINGS for an annulment and FORFEIT_GAME per forfeited game.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StaffAuthorizationIT {
    private static Platform platform;
    private static PlayerRef alice;
    private static PlayerRef bob;
    private static String guestToken;
    private static String liveGame;
    private static String chatMessage;
    private static String finishedGame;
    /** Everything published on pente.admin.audit since the class started: refused calls must add nothing to it. */
    private static StreamRecorder<String> audit;

    /** One staff endpoint: where it is, what it is sent, who may call it. */
    record Endpoint(String method, String path, String body, String owner, boolean adminOnly, boolean viaGateway, boolean direct) {
        String describe() {
            return method + " " + path + (body == null ? "" : " " + body);
        }
    }

    @BeforeAll
    static void setUp() throws Exception {
        platform = StaffPlatform.get();
        audit = StreamRecorder.rawFromNow(platform.config().kafkaBootstrapServers(), platform.topic(Topic.ADMIN_AUDIT));
        alice = StaffPlatform.account("alice");
        bob = StaffPlatform.account("bob");
        guestToken = StaffPlatform.guestToken("mallory");
        liveGame = StaffPlatform.liveGame(alice, bob, false);
        chatMessage = StaffPlatform.chatMessage(liveGame, alice, "hello bob");
        finishedGame = StaffPlatform.finishedGame(alice, bob, true);
        // The ranked result is rated before the databases are read (else the rating service's rows would change meanwhile).
        String finished = finishedGame;
        club.pente.testinfra.Await.until("the finished game rated", () -> {
            try {
                return rated(finished) ? true : null;
            } catch (Exception e) {
                return null;
            }
        }, Duration.ofSeconds(60));
    }

    @AfterAll
    static void closeRecorder() throws Exception {
        if (audit != null) {
            audit.close();
        }
    }

    /** Every staff endpoint of api.md and the owners' api-*.md, with bodies a staff member would send (so only the role decides). */
    static List<Endpoint> endpoints() {
        String reason = "{\"reason\":\"authorization matrix\"}";
        String players = "/api/admin/players/" + bob.id();
        List<Endpoint> all = new ArrayList<>();
        // game-service
        all.add(new Endpoint("GET", "/api/admin/games", null, "game", false, true, true));
        all.add(new Endpoint("POST", "/api/admin/games/" + liveGame + "/abort", reason, "game", false, true, true));
        all.add(new Endpoint("POST", "/api/games/" + liveGame + "/abort", reason, "game", false, true, true));
        all.add(new Endpoint("DELETE", "/api/games/" + liveGame + "/chat/" + chatMessage, reason, "game", false, true, true));
        all.add(new Endpoint("POST", "/api/admin/games/" + finishedGame + "/annul", reason, "game", true, true, true));
        // matchmaking-service: a moderator may suspend for up to 7 days without forfeit, the rest is the admin's
        all.add(new Endpoint("POST", players + "/suspension", "{\"reason\":\"matrix\",\"minutes\":60,\"forfeitLiveGames\":false}",
                "matchmaking", false, true, true));
        all.add(new Endpoint("POST", players + "/suspension", "{\"reason\":\"matrix\",\"minutes\":20000}", "matchmaking", true, true, true));
        all.add(new Endpoint("POST", players + "/suspension", "{\"reason\":\"matrix\",\"minutes\":null}", "matchmaking", true, true, true));
        all.add(new Endpoint("POST", players + "/suspension", "{\"reason\":\"matrix\",\"minutes\":60,\"forfeitLiveGames\":true}",
                "matchmaking", true, true, true));
        all.add(new Endpoint("DELETE", players + "/suspension", reason, "matchmaking", false, true, true));
        all.add(new Endpoint("POST", players + "/mute", "{\"reason\":\"matrix\",\"minutes\":30}", "matchmaking", false, true, true));
        all.add(new Endpoint("DELETE", players + "/mute", reason, "matchmaking", false, true, true));
        all.add(new Endpoint("GET", players + "/sanctions", null, "matchmaking", false, true, true));
        // rating-service
        all.add(new Endpoint("GET", "/api/admin/players?q=bo", null, "rating", false, true, true));
        // every owner's audit and status (straight at the owner; the gateway answers its own merged audit)
        for (String owner : List.of("game", "matchmaking", "rating")) {
            all.add(new Endpoint("GET", "/api/admin/audit", null, owner, false, false, true));
            all.add(new Endpoint("GET", "/api/admin/audit?action=ABORT_GAME&limit=10", null, owner, false, false, true));
            all.add(new Endpoint("GET", "/api/admin/status", null, owner, false, false, true));
        }
        // the gateway's own
        all.add(new Endpoint("GET", "/api/admin/audit", null, "gateway", false, true, false));
        all.add(new Endpoint("GET", "/api/admin/audit?action=SUSPEND_PLAYER&limit=10", null, "gateway", false, true, false));
        all.add(new Endpoint("GET", "/api/admin/operations", null, "gateway", true, true, false));
        return all;
    }

    @Test
    @Order(1)
    void everyStaffEndpointRefusesNoTokenPlayersGuestsAndModeratorsOnAdminActionsAndChangesNothing() throws Exception {
        String aliceToken = token("alice");
        String modToken = token("mod");
        List<String> failures = new ArrayList<>();
        int calls = 0;
        try (StreamRecorder<String> watched = StreamRecorder.rawFromNow(platform.config().kafkaBootstrapServers(),
                platform.topic(Topic.ADMIN_AUDIT), platform.topic(Topic.ADMIN_SANCTIONS), platform.topic(Topic.GAME_COMMANDS),
                platform.topic(Topic.RATING_EVENTS), platform.topic(Topic.MATCHMAKING_EVENTS))) {
            Map<String, String> before = StaffPlatform.databases();
            for (Endpoint endpoint : endpoints()) {
                for (String base : bases(endpoint)) {
                    String where = base + " " + endpoint.describe();
                    calls += 3;
                    HttpResponse<String> none = call(endpoint.method(), base + endpoint.path(), null, endpoint.body());
                    expect(failures, where + " without a token", none, List.of(401), null);
                    HttpResponse<String> player = call(endpoint.method(), base + endpoint.path(), aliceToken, endpoint.body());
                    expect(failures, where + " as alice (player)", player, List.of(403), "STAFF_ONLY");
                    HttpResponse<String> guest = call(endpoint.method(), base + endpoint.path(), guestToken, endpoint.body());
                    expect(failures, where + " as a guest", guest, List.of(401, 403), null);
                    if (guest.statusCode() == 403) {
                        expect(failures, where + " as a guest", guest, List.of(403), "STAFF_ONLY");
                    }
                    if (endpoint.adminOnly()) {
                        calls++;
                        HttpResponse<String> moderator = call(endpoint.method(), base + endpoint.path(), modToken, endpoint.body());
                        expect(failures, where + " as mod (moderator)", moderator, List.of(403), "ADMIN_ONLY");
                    } else if (endpoint.method().equals("GET")) {
                        // A read the moderator may do answers: the refusals above are about the role, not a missing route.
                        calls++;
                        HttpResponse<String> moderator = call(endpoint.method(), base + endpoint.path(), modToken, null);
                        expect(failures, where + " as mod (allowed)", moderator, List.of(200), null);
                    }
                }
            }
            Map<String, String> after = StaffPlatform.databases();
            System.out.printf("staff authorization matrix: %d endpoints, %d refused or read-only calls, %d wrong answers%n",
                    endpoints().size(), calls, failures.size());
            failures.forEach(f -> System.out.println("  " + f));
            assertThat(failures).as("wrong answers").isEmpty();
            assertThat(StaffPlatform.differences(before, after)).as("database changes made by refused calls").isEmpty();
            assertThat(watched.records()).as("records published after refused calls").isEmpty();
        }
        assertThat(audit.records()).as("audit records after refused calls").isEmpty();
    }

    /**
     * Each kind of staff action once, by the role that may do it, through the gateway: the audit entries it wrote,
     * in the owners' databases and on pente.admin.audit. Printed as the figure "audit entries written per action".
     */
    @Test
    @Order(2)
    void eachPermittedStaffActionWritesExactlyOneAuditEntry() throws Exception {
        String gateway = platform.url("gateway");
        PlayerRef mod = StaffPlatform.account("mod");
        Map<String, Tally> tallies = new LinkedHashMap<>();

        String abortable = StaffPlatform.liveGame(alice, bob, false);
        accepted(call("POST", gateway + "/api/admin/games/" + abortable + "/abort", token("mod"), "{\"reason\":\"stuck game\"}"), 202);
        JsonNode aborted = StaffPlatform.awaitGame("the staff abort", abortable, g -> !"ONGOING".equals(g.path("status").asText()),
                Duration.ofSeconds(30));
        assertThat(aborted.path("reason").asText()).isEqualTo("ABORTED");
        assertThat(aborted.path("endNote").asText()).isEqualTo("stuck game");
        tallies.put("abort a live game (mod)", tally(abortable, "game", List.of("ABORT_GAME")));

        String message = StaffPlatform.chatMessage(liveGame, bob, "rude words");
        accepted(call("DELETE", gateway + "/api/games/" + liveGame + "/chat/" + message, token("mod"), "{\"reason\":\"abuse\"}"), 202);
        tallies.put("remove a chat message (mod)", tally(message, "game", List.of("REMOVE_CHAT")));

        String players = gateway + "/api/admin/players/" + bob.id();
        accepted(call("POST", players + "/suspension", token("mod"), "{\"reason\":\"cheating\",\"minutes\":60}"), 201);
        tallies.put("suspend for 60 minutes (mod)", tally(bob.id(), "matchmaking", List.of("SUSPEND_PLAYER")));
        accepted(call("DELETE", players + "/suspension", token("mod"), "{\"reason\":\"appeal granted\"}"), 200);
        tallies.put("lift a suspension (mod)", tally(bob.id(), "matchmaking", List.of("LIFT_SUSPENSION")));
        accepted(call("POST", players + "/mute", token("mod"), "{\"reason\":\"spam\",\"minutes\":30}"), 201);
        tallies.put("mute the chat (mod)", tally(bob.id(), "matchmaking", List.of("MUTE_CHAT")));
        accepted(call("DELETE", players + "/mute", token("mod"), "{\"reason\":\"calmed down\"}"), 200);
        tallies.put("lift a mute (mod)", tally(bob.id(), "matchmaking", List.of("LIFT_MUTE")));

        accepted(call("POST", gateway + "/api/admin/games/" + finishedGame + "/annul", token("admin"), "{\"reason\":\"fixed game\"}"), 202);
        tallies.put("annul a rated game (admin)", tally(finishedGame, "game+rating", List.of("ANNUL_GAME", "REVERSE_RATINGS")));

        // A suspension with forfeit of the one live game mod plays: the suspension, and the forfeit of that game.
        String forfeited = StaffPlatform.liveGame(mod, alice, true);
        accepted(call("POST", gateway + "/api/admin/players/" + mod.id() + "/suspension", token("admin"),
                "{\"reason\":\"engine use\",\"minutes\":null,\"forfeitLiveGames\":true}"), 201);
        JsonNode lost = StaffPlatform.awaitGame("the forfeit", forfeited, g -> !"ONGOING".equals(g.path("status").asText()),
                Duration.ofSeconds(30));
        assertThat(lost.path("status").asText()).isEqualTo("BLACK_WINS");
        assertThat(lost.path("reason").asText()).isEqualTo("FORFEIT");
        tallies.put("suspend until lifted, forfeit live games (admin)", tally(mod.id(), "matchmaking", List.of("SUSPEND_PLAYER")));
        tallies.put("  the forfeit of mod's live game", tally(forfeited, "game", List.of("FORFEIT_GAME")));
        accepted(call("DELETE", gateway + "/api/admin/players/" + mod.id() + "/suspension", token("admin"), "{\"reason\":\"done\"}"), 200);
        tallies.put("lift it (admin)", tally(mod.id(), "matchmaking", List.of("LIFT_SUSPENSION")));

        StringBuilder figure = new StringBuilder("audit entries written per action (database rows / pente.admin.audit records):");
        tallies.forEach((action, t) -> figure.append(String.format("%n  %-50s %d / %d  %s", action, t.rows, t.records, t.actions)));
        System.out.println(figure);

        // Every record on the topic since the class began is one of these actions' (none from a refused call), each once.
        int expected = tallies.values().stream().mapToInt(t -> t.newRecords).sum();
        List<AuditEntry> entries = audit.records().stream().map(r -> read(r.value())).toList();
        assertThat(entries).as("every audit record of this class").hasSize(expected);
        assertThat(entries).extracting(AuditEntry::auditId).doesNotHaveDuplicates();
        assertThat(entries).allSatisfy(e -> assertThat(e.actor().username()).isIn("mod", "admin"));
        for (Tally t : tallies.values()) {
            assertThat(t.rows).as("audit rows for %s", t.actions).isEqualTo(t.actions.size());
            assertThat(t.records).as("audit records for %s", t.actions).isEqualTo(t.actions.size());
        }
    }

    // --- helpers ----------------------------------------------------------------------------------------------------

    /** Audit entries of one target: rows in the owners' databases and records on the topic (awaited to the expected count). */
    record Tally(List<String> actions, int rows, int records, int newRecords) {
    }

    private static int recordsBefore = 0;

    /**
     * The audit entries of one step: those for {@code targetId} with one of {@code stepActions}, in the owners' databases
     * and on the topic (awaited until the topic has as many as expected, then counted, so a second one would show).
     */
    private static Tally tally(String targetId, String owners, List<String> stepActions) throws Exception {
        Function<String, List<AuditEntry>> onTopic = target -> audit.records().stream().map(r -> read(r.value()))
                .filter(e -> e.targetId().equals(target) && stepActions.contains(e.action().name())).toList();
        club.pente.testinfra.Await.until(stepActions.size() + " audit record(s) for " + targetId + " " + stepActions,
                () -> onTopic.apply(targetId).size() >= stepActions.size() ? true : null, Duration.ofSeconds(30));
        String in = String.join(",", stepActions.stream().map(a -> "'" + a + "'").toList());
        List<String> rows = new ArrayList<>();
        for (String owner : owners.split("\\+")) {
            rows.addAll(StaffPlatform.auditRows(owner, "target_id = '" + targetId.replace("'", "''") + "' and action in (" + in + ")"));
        }
        List<AuditEntry> records = onTopic.apply(targetId);
        assertThat(records).extracting(e -> e.action().name()).as("audit actions on the topic for %s", targetId)
                .containsExactlyInAnyOrderElementsOf(stepActions);
        assertThat(rows).extracting(r -> r.split("\\|")[0]).as("audit rows for %s", targetId)
                .containsExactlyInAnyOrderElementsOf(stepActions);
        int total = audit.records().size();
        int fresh = total - recordsBefore;
        recordsBefore = total;
        return new Tally(stepActions, rows.size(), records.size(), fresh);
    }

    private static AuditEntry read(String json) {
        try {
            return Contracts.json().readValue(json, AuditEntry.class);
        } catch (Exception e) {
            throw new AssertionError("unreadable audit record: " + json, e);
        }
    }

    private static void accepted(HttpResponse<String> response, int status) {
        assertThat(response.statusCode()).as("%s %s", response.request().method(), response.request().uri() + ": " + response.body())
                .isEqualTo(status);
    }

    private static List<String> bases(Endpoint endpoint) {
        List<String> bases = new ArrayList<>();
        if (endpoint.viaGateway()) {
            bases.add(platform.url("gateway"));
        }
        if (endpoint.direct()) {
            bases.add(platform.url(endpoint.owner()));
        }
        return bases;
    }

    private static void expect(List<String> failures, String what, HttpResponse<String> response, List<Integer> statuses, String code) {
        if (!statuses.contains(response.statusCode())) {
            failures.add(what + ": " + response.statusCode() + " (wanted " + statuses + ") " + StaffPlatform.abbreviate(response.body()));
        } else if (code != null && !code.equals(code(response))) {
            failures.add(what + ": code '" + code(response) + "' (wanted " + code + ") " + StaffPlatform.abbreviate(response.body()));
        }
    }

    /**
     * This very game rated for both players and its RatingChanged published by the outbox relay (published_at set), so
     * that nothing in the rating database moves any more. A count on alice's profile was not enough: an earlier class
     * on the same platform may have rated her already, and this game's rating then landed during the matrix.
     */
    private static boolean rated(String gameId) throws Exception {
        try (java.sql.Connection connection = StaffPlatform.connect("rating");
             java.sql.PreparedStatement changes = connection.prepareStatement(
                     "select (select count(*) from rating_changes where game_id = ?),"
                             + " (select count(*) from outbox where game_id = ? and published_at is null)")) {
            changes.setString(1, gameId);
            changes.setString(2, gameId);
            try (java.sql.ResultSet result = changes.executeQuery()) {
                result.next();
                return result.getInt(1) == 2 && result.getInt(2) == 0;
            }
        }
    }
}

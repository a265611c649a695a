package club.pente.hostile;

import club.pente.core.contract.ChatChannel;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.PostChat;
import club.pente.core.contract.TimeControl;
import club.pente.core.contract.Topic;
import club.pente.testinfra.Await;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.Platform;
import club.pente.testinfra.ServiceProcess;
import club.pente.testinfra.StreamPublisher;
import com.fasterxml.jackson.databind.JsonNode;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * The whole packaged platform for the staff tests ({@link StaffAuthorizationIT}, {@link AnnulmentIT}) and {@link SwissTournamentIT}, started once
 * per test JVM on ports 18300..18304 (their management ports 19300..19304) and stopped by a shutdown hook: each test
 * class reuses it instead of starting five services of its own. Also what those tests share: the demo users' tokens
 * (fresh on every call: Keycloak's access tokens live ten minutes), HTTP calls, games set up through the real command
 * stream, and the services' databases read table by table.
 */
final class StaffPlatform {
    static final int BASE_PORT = 18300;
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    /** Tables a platform left alone still changes by itself: presence and lobby figures fed by the gateway's reports. */
    private static final Set<String> BACKGROUND_TABLES = Set.of("flyway_schema_history", "presence", "lobby_published");

    private static Platform platform;
    private static StreamPublisher publisher;
    private static Throwable failure;

    private StaffPlatform() {
    }

    static synchronized Platform get() throws Exception {
        if (failure != null) {
            throw new IllegalStateException("the staff platform did not start (see the first test class's failure)", failure);
        }
        if (platform == null) {
            if (System.getProperty("pente.platform.ready-seconds") == null) {
                System.setProperty("pente.platform.ready-seconds", "300");
            }
            Platform started;
            try {
                started = Platform.start("staff", BASE_PORT, overrides());
            } catch (Exception | Error e) {
                failure = e; // not started twice: the second try would fail the same way, minutes later
                throw e;
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(started), "staff-platform-stop"));
            publisher = new StreamPublisher(started.config().kafkaBootstrapServers());
            platform = started;
        }
        return platform;
    }

    /**
     * The hostile suite's raised rate limits (the matrix sends a few hundred requests from one address), and a
     * longer wait for a database connection: five services migrating at once on a busy two-core machine took more
     * than the default five seconds to get their first one.
     */
    static Map<String, Map<String, String>> overrides() {
        Map<String, Map<String, String>> overrides = new java.util.HashMap<>();
        HostileLimits.overrides().forEach((service, props) -> overrides.put(service, new java.util.HashMap<>(props)));
        for (String service : List.of("game", "rating", "matchmaking")) {
            overrides.computeIfAbsent(service, s -> new java.util.HashMap<>()).put("quarkus.datasource.jdbc.acquisition-timeout", "60s");
        }
        // SwissTournamentIT's tournaments start seconds after their creation, and each round is paired within a second.
        overrides.get("matchmaking").put("pente.tournament.min-lead", "1s");
        overrides.get("matchmaking").put("pente.tournament.tick", "1s");
        return overrides;
    }

    /** Stops the services at once, then kills what is left after ten seconds (one by one they outlast the JVM's exit). */
    private static void stop(Platform running) {
        List<Thread> stopping = new ArrayList<>();
        for (String service : Platform.SERVICES) {
            ServiceProcess process = running.process(service);
            if (process != null) {
                Thread thread = new Thread(() -> {
                    try {
                        process.close();
                    } catch (Exception e) {
                        // killed below
                    }
                });
                thread.start();
                stopping.add(thread);
            }
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        for (Thread thread : stopping) {
            try {
                thread.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (String service : Platform.SERVICES) {
            ServiceProcess process = running.process(service);
            try {
                if (process != null) {
                    process.kill();
                }
            } catch (Exception e) {
                // gone already
            }
        }
    }

    // --- who calls -------------------------------------------------------------------------------------------

    static String token(String user) {
        return DemoTokens.accessToken(user, user);
    }

    static PlayerRef account(String user) {
        return new PlayerRef(DemoTokens.claims(token(user)).get("sub").asText(), user);
    }

    /** A guest token as the gateway issues it. */
    static String guestToken(String name) throws Exception {
        HttpResponse<String> guest = HTTP.send(HttpRequest.newBuilder(URI.create(platform.url("gateway") + "/api/guests"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name + "\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        if (guest.statusCode() != 200) {
            throw new AssertionError("no guest token: " + guest.statusCode() + " " + guest.body());
        }
        return Contracts.json().readTree(guest.body()).get("token").asText();
    }

    // --- HTTP ------------------------------------------------------------------------------------------------

    static HttpResponse<String> call(String method, String url, String token, String body) throws Exception {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20))
                .header("Origin", platform.url("gateway"));
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        if (body != null) {
            builder.header("Content-Type", "application/json");
        }
        builder.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return HTTP.send(builder.build(), HttpResponse.BodyHandlers.ofString());
    }

    static JsonNode json(HttpResponse<String> response) {
        try {
            return Contracts.json().readTree(response.body());
        } catch (Exception e) {
            return Contracts.json().createObjectNode();
        }
    }

    /** The refusal's code: the kit's ApiError writes it as {@code error}, api.md called it {@code code}. */
    static String code(HttpResponse<String> response) {
        JsonNode body = json(response);
        return body.hasNonNull("error") ? body.get("error").asText() : body.path("code").asText("");
    }

    static JsonNode game(String gameId) throws Exception {
        HttpResponse<String> response = call("GET", platform.url("game") + "/api/games/" + gameId, null, null);
        return response.statusCode() == 200 ? json(response) : null;
    }

    static JsonNode awaitGame(String what, String gameId, Predicate<JsonNode> condition, Duration within) {
        return Await.until(what, () -> {
            try {
                JsonNode game = game(gameId);
                return game != null && condition.test(game) ? game : null;
            } catch (Exception e) {
                return null;
            }
        }, within);
    }

    /** A rating profile ({@code games}, {@code rating}), or null when the rating service has not rated the player yet. */
    static JsonNode profile(String playerId) throws Exception {
        HttpResponse<String> response = call("GET", platform.url("rating") + "/api/ratings/players/" + playerId, null, null);
        return response.statusCode() == 200 ? json(response) : null;
    }

    // --- games through the command stream ----------------------------------------------------------------------

    static void send(Topic topic, String key, Object value) {
        publisher.sendJson(platform.topic(topic), key, value);
    }

    /** A live untimed game created as matchmaking creates one; returns once the game service has it. */
    static String liveGame(PlayerRef white, PlayerRef black, boolean ranked) {
        String id = "staff-" + UUID.randomUUID();
        send(Topic.GAME_COMMANDS, id, CreateGame.of(id, white, black, ranked, TimeControl.UNTIMED));
        awaitGame("game " + id + " created", id, g -> g.path("version").asLong() >= 1, Duration.ofSeconds(30));
        return id;
    }

    /** A game black resigned (white wins); returns once it has ended. */
    static String finishedGame(PlayerRef white, PlayerRef black, boolean ranked) throws Exception {
        String id = liveGame(white, black, ranked);
        HttpResponse<String> resign = call("POST", platform.url("game") + "/api/games/" + id + "/resign", token(black.name()), "{}");
        if (resign.statusCode() != 200) {
            throw new AssertionError("resign: " + resign.statusCode() + " " + resign.body());
        }
        awaitGame("game " + id + " ended", id, g -> "WHITE_WINS".equals(g.path("status").asText()), Duration.ofSeconds(30));
        return id;
    }

    /** A players' chat message by {@code author} in the game; returns its id once the game service stored it. */
    static String chatMessage(String gameId, PlayerRef author, String text) {
        send(Topic.GAME_COMMANDS, gameId, PostChat.of(gameId, author.id(), author.name(), ChatChannel.PLAYERS, text));
        return Await.until("chat message '" + text + "'", () -> {
            try {
                HttpResponse<String> chat = call("GET", platform.url("game") + "/api/games/" + gameId + "/chat", token(author.name()), null);
                for (JsonNode message : json(chat).path("messages")) {
                    if (text.equals(message.path("text").asText())) {
                        return message.path("id").asText();
                    }
                }
                return null;
            } catch (Exception e) {
                return null;
            }
        }, Duration.ofSeconds(30));
    }

    // --- databases -----------------------------------------------------------------------------------------------

    /**
     * Every row of every table of the game, matchmaking and rating databases (each table's rows sorted), keyed
     * "service.table": what a refused call must leave exactly as it was. Only the tables the platform changes by
     * itself while nobody does anything ({@link #BACKGROUND_TABLES}) are left out.
     */
    static Map<String, String> databases() throws Exception {
        Map<String, String> state = new TreeMap<>();
        for (String service : List.of("game", "matchmaking", "rating")) {
            try (Connection connection = connect(service); Statement statement = connection.createStatement()) {
                List<String> tables = new ArrayList<>();
                try (ResultSet result = statement.executeQuery(
                        "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'")) {
                    while (result.next()) {
                        tables.add(result.getString(1));
                    }
                }
                for (String table : tables) {
                    if (BACKGROUND_TABLES.contains(table)) {
                        continue;
                    }
                    List<String> rows = new ArrayList<>();
                    try (ResultSet result = statement.executeQuery("select * from " + table)) {
                        ResultSetMetaData meta = result.getMetaData();
                        while (result.next()) {
                            StringBuilder row = new StringBuilder();
                            for (int c = 1; c <= meta.getColumnCount(); c++) {
                                row.append(c == 1 ? "" : "|").append(result.getString(c));
                            }
                            rows.add(row.toString());
                        }
                    }
                    rows.sort(null);
                    state.put(service + "." + table, String.join("\n", rows));
                }
            }
        }
        return state;
    }

    /** The audit rows of a service's database matching a where clause (e.g. {@code target_id = '...'}): "action|actor|outcome". */
    static List<String> auditRows(String service, String where) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Connection connection = connect(service); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("select action, actor_name, actor_role, outcome from admin_audit where " + where
                     + " order by occurred_at")) {
            while (result.next()) {
                rows.add(result.getString(1) + "|" + result.getString(2) + "|" + result.getString(3) + "|" + result.getString(4));
            }
        }
        return rows;
    }

    static Connection connect(String service) throws Exception {
        var target = platform.config().postgres().withDatabase(platform.databaseOf(service));
        return DriverManager.getConnection(target.jdbcUrl(), platform.config().postgresUser(), platform.config().postgresPassword());
    }

    static String differences(Map<String, String> before, Map<String, String> after) {
        StringBuilder out = new StringBuilder();
        for (String key : new java.util.TreeSet<>(java.util.stream.Stream.concat(before.keySet().stream(), after.keySet().stream()).toList())) {
            if (!java.util.Objects.equals(before.get(key), after.get(key))) {
                out.append("\n  ").append(key).append("\n    before: ").append(abbreviate(before.get(key)))
                        .append("\n    after:  ").append(abbreviate(after.get(key)));
            }
        }
        return out.toString();
    }

    static String abbreviate(String text) {
        String flat = text == null ? "(none)" : text.replaceAll("[\\r\\n]+", " / ");
        return flat.length() > 400 ? flat.substring(0, 400) + "..." : flat;
    }
}

package club.pente.hostile;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.contract.Topic;
import club.pente.stack.Components;
import club.pente.stack.StackConfig;
import club.pente.testinfra.Await;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.Platform;
import club.pente.testinfra.ServiceProcess;
import club.pente.testinfra.ServiceProperties;
import club.pente.testinfra.StreamPublisher;
import club.pente.testinfra.StreamRecorder;
import club.pente.testinfra.TestDatabases;
import club.pente.testinfra.TestStack;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A suspension reaches every instance within seconds, measured: two matchmaking and two game-service processes
 * (packaged, their own ports, one database each kind, one command consumer group over four partitions) on one stack.
 * A moderator suspends alice through matchmaking instance A; the test measures, from the 201, the time until
 * matchmaking instance B refuses her seek (403 SUSPENDED) and until the game service refuses her in a new game in
 * EVERY partition of the commands topic (so on both instances, whichever owns it): the CreateGame naming her rejected
 * SUSPENDED, or, when the game was created before that instance heard of the suspension, her first move in it
 * rejected SUSPENDED. Then the suspension is lifted through B and the time until both accept her again is measured
 * too. Several repetitions; median and max are printed for the note, and both must stay under 5 s.
 */
class SuspensionPropagationIT {
    private static final int GAME_A = 18320;
    private static final int GAME_B = 18321;
    private static final int MATCHMAKING_A = 18322;
    private static final int MATCHMAKING_B = 18323;
    private static final int PARTITIONS = 4;
    private static final int REPETITIONS = Integer.getInteger("suspension.repetitions", 5);
    private static final Duration LIMIT = Duration.ofSeconds(5);
    /** How long a service may take to start: a busy two-core machine took more than two minutes. */
    private static final Duration READY = Duration.ofSeconds(Long.getLong("pente.platform.ready-seconds", 300));
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private static final List<ServiceProcess> processes = new ArrayList<>();
    private static StackConfig config;
    private static IsolatedTopics topics;
    private static StreamPublisher publisher;
    private static StreamRecorder<GameEvent> events;
    private static PlayerRef alice;
    private static PlayerRef bob;

    @BeforeAll
    static void start() throws Exception {
        config = TestStack.get().ensure(Components.KAFKA, Components.POSTGRES, Components.KEYCLOAK);
        topics = IsolatedTopics.fresh("suspension");
        String run = topics.namespace();
        String gameDb = "pente_game_suspension_test";
        String matchmakingDb = "pente_matchmaking_suspension_test";
        TestDatabases.recreate(gameDb);
        TestDatabases.recreate(matchmakingDb);

        Map<String, String> game = new HashMap<>(ServiceProperties.gameService(config, gameDb, topics));
        game.put("pente.kafka.partitions", String.valueOf(PARTITIONS));
        game.put("pente.commands.group-id", "pente-game-service-" + run);
        // A busy two-core machine: more than the default five seconds for the first database connection.
        game.put("quarkus.datasource.jdbc.acquisition-timeout", "60s");
        Map<String, String> matchmaking = new HashMap<>(topics.properties());
        matchmaking.putAll(ServiceProperties.kafkaAndKeycloak(config));
        matchmaking.putAll(ServiceProperties.datasource(config, matchmakingDb));
        matchmaking.put("mp.messaging.incoming.game-events.group.id", "pente-matchmaking-" + run);
        matchmaking.put("mp.messaging.incoming.presence.group.id", "pente-matchmaking-presence-" + run);
        matchmaking.put("pente.rating.url", "http://127.0.0.1:9"); // no rating service here: the default rating
        matchmaking.put("pente.invitation.link-base", "http://127.0.0.1:8080/#/invite/");
        matchmaking.put("pente.quota.seeks.per-minute", "1000000");
        matchmaking.put("quarkus.datasource.jdbc.acquisition-timeout", "60s");

        // The first of each kind migrates its database alone; then the second joins.
        ServiceProcess gameA = launch("game", "suspension-game-a", GAME_A, game);
        ServiceProcess matchmakingA = launch("matchmaking", "suspension-matchmaking-a", MATCHMAKING_A, matchmaking);
        gameA.awaitReady(READY);
        matchmakingA.awaitReady(READY);
        ServiceProcess gameB = launch("game", "suspension-game-b", GAME_B, game);
        ServiceProcess matchmakingB = launch("matchmaking", "suspension-matchmaking-b", MATCHMAKING_B, matchmaking);
        gameB.awaitReady(READY);
        matchmakingB.awaitReady(READY);

        publisher = new StreamPublisher(config.kafkaBootstrapServers());
        events = StreamRecorder.fromNow(config.kafkaBootstrapServers(), SuspensionPropagationIT::event, topics.name(Topic.GAME_EVENTS));
        alice = account("alice");
        bob = account("bob");
        awaitBothGameInstancesOwnPartitions("pente-game-service-" + run);
    }

    @AfterAll
    static void stop() throws Exception {
        if (events != null) {
            events.close();
        }
        if (publisher != null) {
            publisher.close();
        }
        List<Thread> stopping = new ArrayList<>();
        for (ServiceProcess process : processes) {
            Thread thread = new Thread(() -> {
                try {
                    process.close();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            thread.start();
            stopping.add(thread);
        }
        for (Thread thread : stopping) {
            thread.join(25_000);
        }
    }

    @Test
    void aSuspensionThroughOneMatchmakingInstanceStopsTheSeekOnTheOtherAndTheMovesOnEveryGameInstanceWithinFiveSeconds() throws Exception {
        // A game created before any suspension: it goes on (only games created since are refused).
        String before = createGame(gameIdIn(0));
        assertThat(before).as("a game created before the suspension").isEqualTo("started");
        String earlierGame = lastCreated;

        // Warm-up: each instance has verified one of alice's tokens (fetched Keycloak's keys) before anything is measured.
        String warm = DemoTokens.accessToken("alice", "alice");
        for (int port : List.of(MATCHMAKING_A, MATCHMAKING_B)) {
            HttpResponse<String> seek = send("POST", url(port, "/api/matchmaking/seeks"), warm, "{\"mode\":\"CASUAL\",\"timeControl\":\"5+5\"}");
            assertThat(seek.statusCode()).as("a seek before any suspension: " + seek.body()).isEqualTo(201);
            send("DELETE", url(port, "/api/matchmaking/seeks/" + json(seek).path("id").asText()), warm, null);
        }
        for (int port : List.of(GAME_A, GAME_B)) {
            send("GET", url(port, "/api/games/" + earlierGame + "/chat"), warm, null);
        }

        List<Long> matchmakingMillis = new ArrayList<>();
        List<Long> gameMillis = new ArrayList<>();
        List<Long> liftMillis = new ArrayList<>();
        Map<String, Integer> refusalKinds = new HashMap<>();
        for (int repetition = 1; repetition <= REPETITIONS; repetition++) {
            String modToken = DemoTokens.accessToken("mod", "mod");
            String aliceToken = DemoTokens.accessToken("alice", "alice");

            HttpResponse<String> suspended = send("POST", url(MATCHMAKING_A, "/api/admin/players/" + alice.id() + "/suspension"), modToken,
                    "{\"reason\":\"propagation test " + repetition + "\",\"minutes\":60}");
            long t0 = System.nanoTime();
            assertThat(suspended.statusCode()).as("suspension through matchmaking A: " + suspended.body()).isEqualTo(201);

            // Matchmaking B: her seek refused.
            long mm = Await.until("matchmaking B refusing alice's seek", () -> {
                HttpResponse<String> seek = send("POST", url(MATCHMAKING_B, "/api/matchmaking/seeks"), aliceToken,
                        "{\"mode\":\"CASUAL\",\"timeControl\":\"5+5\"}");
                if (seek.statusCode() == 403 && "SUSPENDED".equals(code(seek))) {
                    return System.nanoTime();
                }
                if (seek.statusCode() == 201) { // not yet: take it back and try again
                    send("DELETE", url(MATCHMAKING_B, "/api/matchmaking/seeks/" + json(seek).path("id").asText()), aliceToken, null);
                }
                return null;
            }, Duration.ofSeconds(30));
            matchmakingMillis.add((mm - t0) / 1_000_000);

            // The game service: a new game naming her in every partition of the commands topic refused (probed at once).
            long slowest = 0;
            List<Integer> pending = new ArrayList<>(List.of(0, 1, 2, 3));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!pending.isEmpty()) {
                assertThat(System.nanoTime()).as("the game service refusing alice in partitions " + pending).isLessThan(deadline);
                Map<Integer, String> probes = new HashMap<>();
                for (int p : pending) {
                    String id = gameIdIn(p);
                    probes.put(p, id);
                    publisher.sendJson(topics.name(Topic.GAME_COMMANDS), id, CreateGame.of(id, alice, bob, false, TimeControl.UNTIMED));
                }
                for (int p : new ArrayList<>(pending)) {
                    String outcome = answer(probes.get(p));
                    if (outcome.equals("rejected SUSPENDED")) {
                        refusalKinds.merge("CreateGame rejected SUSPENDED", 1, Integer::sum);
                    } else if (outcome.equals("started")) { // created before that instance heard of it: her move there
                        HttpResponse<String> move = send("POST", url(GAME_A, "/api/games/" + probes.get(p) + "/moves"), aliceToken,
                                "{\"point\":\"K10\",\"expectedPly\":1}");
                        if (!(move.statusCode() == 403 && "SUSPENDED".equals(json(move).path("reason").asText(code(move))))) {
                            assertThat(move.statusCode()).as("alice's move before the game service knew: " + move.body()).isEqualTo(200);
                            continue;
                        }
                        refusalKinds.merge("PlayMove rejected SUSPENDED", 1, Integer::sum);
                    } else {
                        throw new AssertionError("CreateGame for alice: " + outcome);
                    }
                    slowest = Math.max(slowest, (answeredAt - t0) / 1_000_000);
                    pending.remove(Integer.valueOf(p));
                }
            }
            gameMillis.add(slowest);

            if (repetition == 1) {
                // The game created before the suspension goes on: her move there is applied.
                HttpResponse<String> move = send("POST", url(GAME_B, "/api/games/" + earlierGame + "/moves"), aliceToken,
                        "{\"point\":\"K10\",\"expectedPly\":1}");
                assertThat(move.statusCode()).as("alice's move in a game created before her suspension: " + move.body()).isEqualTo(200);
            }

            // Lifted through B: A takes her seek again, and every partition her new game.
            HttpResponse<String> lifted = send("DELETE", url(MATCHMAKING_B, "/api/admin/players/" + alice.id() + "/suspension"), modToken,
                    "{\"reason\":\"propagation test done\"}");
            long l0 = System.nanoTime();
            assertThat(lifted.statusCode()).as("lift through matchmaking B: " + lifted.body()).isEqualTo(200);
            Await.until("matchmaking A taking alice's seek again", () -> {
                HttpResponse<String> seek = send("POST", url(MATCHMAKING_A, "/api/matchmaking/seeks"), aliceToken,
                        "{\"mode\":\"CASUAL\",\"timeControl\":\"5+5\"}");
                if (seek.statusCode() == 201) {
                    send("DELETE", url(MATCHMAKING_A, "/api/matchmaking/seeks/" + json(seek).path("id").asText()), aliceToken, null);
                    return true;
                }
                return null;
            }, Duration.ofSeconds(30));
            for (int partition = 0; partition < PARTITIONS; partition++) {
                int p = partition;
                Await.until("the game service taking alice's game again in partition " + p,
                        () -> createGame(gameIdIn(p)).equals("started") ? true : null, Duration.ofSeconds(30));
            }
            liftMillis.add((System.nanoTime() - l0) / 1_000_000);
        }

        System.out.printf("suspension propagation over %d repetitions (ms from the suspension's 201):%n"
                        + "  matchmaking instance B refuses her seek: median %d, max %d  %s%n"
                        + "  game service refuses her in a new game, all %d partitions (both instances): median %d, max %d  %s  %s%n"
                        + "  lift through B until A and every partition take her again: median %d, max %d  %s%n",
                REPETITIONS, median(matchmakingMillis), max(matchmakingMillis), matchmakingMillis,
                PARTITIONS, median(gameMillis), max(gameMillis), gameMillis, refusalKinds,
                median(liftMillis), max(liftMillis), liftMillis);
        assertThat(max(matchmakingMillis)).as("matchmaking B, ms").isLessThan(LIMIT.toMillis());
        assertThat(max(gameMillis)).as("game service, ms").isLessThan(LIMIT.toMillis());
    }

    // --- helpers ------------------------------------------------------------------------------------------------------

    private static volatile String lastCreated;

    /**
     * Sends a CreateGame (alice White, bob Black) for a fresh game id and waits for the game service's answer:
     * "started" or "rejected REASON". The id is kept in {@link #lastCreated}.
     */
    private static String createGame(String gameId) {
        lastCreated = gameId;
        publisher.sendJson(topics.name(Topic.GAME_COMMANDS), gameId, CreateGame.of(gameId, alice, bob, false, TimeControl.UNTIMED));
        return answer(gameId);
    }

    /** When the last {@link #answer} was seen (the recorder's poll adds at most a tenth of a second). */
    private static long answeredAt;

    /** The game service's answer to the CreateGame of {@code gameId}: "started" or "rejected REASON". */
    private static String answer(String gameId) {
        GameEvent answer = events.awaitMatching("the answer to CreateGame " + gameId, r -> gameId.equals(r.key())
                && (r.value() instanceof GameStarted || r.value() instanceof MoveRejected), Duration.ofSeconds(30)).value();
        answeredAt = System.nanoTime();
        return answer instanceof MoveRejected rejected ? "rejected " + rejected.reason() : "started";
    }

    /** A fresh game id whose records land in {@code partition} of the commands topic (Kafka's default partitioner). */
    private static String gameIdIn(int partition) {
        while (true) {
            String id = "susp-" + UUID.randomUUID();
            if (Utils.toPositive(Utils.murmur2(id.getBytes(StandardCharsets.UTF_8))) % PARTITIONS == partition) {
                return id;
            }
        }
    }

    /** Both game-service instances are members of the commands group, each with partitions of its own. */
    private static void awaitBothGameInstancesOwnPartitions(String group) throws Exception {
        Properties props = new Properties();
        props.put("bootstrap.servers", config.kafkaBootstrapServers());
        try (Admin admin = Admin.create(props)) {
            String commands = topics.name(Topic.GAME_COMMANDS);
            Await.until("both game-service instances owning command partitions", () -> {
                try {
                    ConsumerGroupDescription description = admin.describeConsumerGroups(List.of(group)).all().get().get(group);
                    long owners = description.members().stream().filter(m -> m.assignment().topicPartitions().stream()
                            .anyMatch(tp -> tp.topic().equals(commands))).count();
                    return owners == 2 && description.groupState().toString().equalsIgnoreCase("stable") ? true : null;
                } catch (Exception e) {
                    return null;
                }
            }, Duration.ofSeconds(60));
        }
    }

    private static ServiceProcess launch(String service, String name, int port, Map<String, String> properties) throws Exception {
        ServiceProcess process = ServiceProcess.start(Platform.jar(service), name, port, properties);
        processes.add(process);
        return process;
    }

    private static PlayerRef account(String user) {
        return new PlayerRef(DemoTokens.claims(DemoTokens.accessToken(user, user)).get("sub").asText(), user);
    }

    private static String url(int port, String path) {
        return "http://127.0.0.1:" + port + path;
    }

    private static HttpResponse<String> send(String method, String url, String token, String body) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20));
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        if (body != null) {
            builder.header("Content-Type", "application/json");
        }
        builder.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        try {
            return HTTP.send(builder.build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new IllegalStateException(method + " " + url + ": " + e, e);
        }
    }

    private static JsonNode json(HttpResponse<String> response) {
        try {
            return Contracts.json().readTree(response.body());
        } catch (Exception e) {
            return Contracts.json().createObjectNode();
        }
    }

    private static String code(HttpResponse<String> response) {
        JsonNode body = json(response);
        return body.hasNonNull("error") ? body.get("error").asText() : body.path("code").asText("");
    }

    private static GameEvent event(String json) {
        try {
            return json == null ? null : Contracts.json().readValue(json, GameEvent.class);
        } catch (Exception e) {
            return null; // an event type this test does not know: not one it waits for
        }
    }

    private static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        sorted.sort(null);
        return sorted.get(sorted.size() / 2);
    }

    private static long max(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).max().orElseThrow();
    }
}

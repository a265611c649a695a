package club.pente.matchmaking.it;

import club.pente.core.contract.CreateGame;
import club.pente.core.contract.SeekMatched;
import club.pente.matchmaking.support.MatchmakingStreams;
import club.pente.matchmaking.support.MatchmakingTestResource;
import club.pente.matchmaking.support.Players;
import club.pente.stack.Components;
import club.pente.stack.PostgresDatabases;
import club.pente.stack.StackConfig;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.ServiceProcess;
import club.pente.testinfra.TestDatabases;
import club.pente.testinfra.TestStack;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two packaged matchmaking instances on one database and one set of topics; hundreds of seeks arrive at
 * both at once. No seek may end up in two games (checked in PostgreSQL and on the command topic), and
 * every seek with a partner in its pool must be paired; a seek alone in its pool keeps waiting.
 */
class TwoInstancesIT {
    private static final String DATABASE = "pente_matchmaking_multi_test";
    private static final int GUESTS_5_5 = 160;
    private static final int GUESTS_10_5 = 140;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private record Seeker(String token, String playerId, String mode, String timeControl, String url) {
    }

    private record Opened(Seeker seeker, String seekId) {
    }

    @Test
    void twoInstancesPairHundredsOfConcurrentSeeksExactlyOnce() throws Exception {
        StackConfig config = TestStack.get().ensure(Components.KAFKA, Components.POSTGRES, Components.KEYCLOAK);
        TestDatabases.recreate(DATABASE);
        IsolatedTopics topics = IsolatedTopics.fresh("multi");
        Map<String, String> properties = new HashMap<>(MatchmakingTestResource.runProperties(topics));
        properties.put("kafka.bootstrap.servers", config.kafkaBootstrapServers());
        properties.put("quarkus.datasource.jdbc.url", config.postgres().withDatabase(DATABASE).jdbcUrl());
        properties.put("quarkus.datasource.username", config.postgresUser());
        properties.put("quarkus.datasource.password", config.postgresPassword());
        properties.put("quarkus.oidc.auth-server-url", config.realmUrl());
        properties.put("quarkus.oidc.credentials.secret", config.servicesSecret());
        properties.put("pente.rating.url", "http://127.0.0.1:1");
        properties.put("pente.guest.public-key", DemoTokens.devGuestPublicKey());
        File jar = new File(System.getProperty("matchmaking.service.jar", "target/quarkus-app/quarkus-run.jar"));

        try (ServiceProcess a = ServiceProcess.start(jar, "matchmaking-a", 18093, properties)) {
            a.awaitReady(Duration.ofSeconds(90));
            try (ServiceProcess b = ServiceProcess.start(jar, "matchmaking-b", 18094, properties);
                 MatchmakingStreams streams = MatchmakingStreams.of(config.kafkaBootstrapServers(), topics)) {
                b.awaitReady(Duration.ofSeconds(90));

                // Seekers spread over both instances: two casual pools of guests (even counts), a ranked pool of two
                // accounts, and one account alone in its ranked pool.
                List<Seeker> seekers = new ArrayList<>();
                String[] urls = {a.url(), b.url()};
                for (int i = 0; i < GUESTS_5_5 + GUESTS_10_5; i++) {
                    Players.Tokened guest = Players.guest("g" + i);
                    seekers.add(new Seeker(guest.token(), guest.id(), "CASUAL", i < GUESTS_5_5 ? "5+5" : "10+5", urls[i % 2]));
                }
                Players.Tokened alice = Players.account("alice");
                Players.Tokened bob = Players.account("bob");
                Players.Tokened admin = Players.account("admin");
                seekers.add(new Seeker(alice.token(), alice.id(), "RANKED", "3+2", a.url()));
                seekers.add(new Seeker(bob.token(), bob.id(), "RANKED", "3+2", b.url()));
                seekers.add(new Seeker(admin.token(), admin.id(), "RANKED", "30+20", b.url()));
                java.util.Collections.shuffle(seekers, new java.util.Random(11));

                long started = System.nanoTime();
                List<Opened> opened = new ArrayList<>();
                ExecutorService pool = Executors.newFixedThreadPool(32);
                try {
                    List<Future<Opened>> futures = new ArrayList<>();
                    for (Seeker seeker : seekers) {
                        futures.add(pool.submit((Callable<Opened>) () -> open(seeker)));
                    }
                    for (Future<Opened> future : futures) {
                        opened.add(future.get());
                    }
                } finally {
                    pool.shutdown();
                }
                int total = seekers.size();
                int pairable = total - 1;
                System.out.printf("multi-instance: %d seeks opened over two instances in %.1f s%n", total, seconds(started));

                // Everyone with a partner gets paired; the lone ranked seek keeps waiting.
                long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
                while (count("select count(*) from seeks where status = 'MATCHED'", config) < pairable) {
                    assertThat(System.nanoTime()).as("all pairable seeks matched in time").isLessThan(deadline);
                    Thread.sleep(50);
                }
                System.out.printf("multi-instance: %d seeks matched %.1f s after the first was opened%n", pairable, seconds(started));
                assertThat(count("select count(*) from seeks where status = 'WAITING'", config)).isEqualTo(1);
                assertThat(single("select player_id from seeks where status = 'WAITING'", config)).isEqualTo(admin.id());

                // PostgreSQL: each game has exactly two seeks, one white and one black, of one pool; no seek twice.
                int games = pairable / 2;
                assertThat(count("select count(distinct game_id) from seeks where game_id is not null", config)).isEqualTo(games);
                assertThat(count("select count(*) from (select game_id from seeks where game_id is not null group by game_id "
                        + "having count(*) <> 2 or count(distinct color) <> 2 or count(distinct player_id) <> 2 "
                        + "or count(distinct mode) <> 1 or count(distinct time_control) <> 1) bad", config)).isZero();
                assertThat(count("select count(*) from games", config)).isEqualTo(games);

                // The command topic: one CreateGame per game, each player in exactly one of them, pools respected.
                MatchmakingStreams.await(() -> streams.createGames().size() >= games ? true : null, games + " CreateGame commands");
                List<CreateGame> creates = streams.createGames();
                assertThat(creates).hasSize(games);
                assertThat(creates.stream().map(CreateGame::gameId).distinct().count()).isEqualTo(games);
                Map<String, Long> gamesPerPlayer = creates.stream()
                        .flatMap(c -> java.util.stream.Stream.of(c.white().id(), c.black().id()))
                        .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
                assertThat(gamesPerPlayer).hasSize(pairable);
                assertThat(gamesPerPlayer.values()).allMatch(n -> n == 1);
                assertThat(gamesPerPlayer).doesNotContainKey(admin.id());
                Map<String, Seeker> byPlayer = seekers.stream().collect(Collectors.toMap(Seeker::playerId, s -> s));
                for (CreateGame create : creates) {
                    Seeker white = byPlayer.get(create.white().id());
                    Seeker black = byPlayer.get(create.black().id());
                    assertThat(white.timeControl()).isEqualTo(black.timeControl());
                    assertThat(white.mode()).isEqualTo(black.mode());
                    assertThat(create.ranked()).isEqualTo("RANKED".equals(white.mode()));
                }

                // Notifications: every matched player told once, with the game the database holds.
                MatchmakingStreams.await(() -> streams.notifications().stream().filter(k -> k.value() instanceof SeekMatched)
                        .count() >= pairable ? true : null, pairable + " SeekMatched");
                Set<String> notified = streams.notifications().stream().filter(k -> k.value() instanceof SeekMatched)
                        .map(k -> ((SeekMatched) k.value()).seekId()).collect(Collectors.toSet());
                assertThat(notified).hasSize(pairable);

                // How the work was shared (both instances run pairing rounds against the same rows).
                int pairedA = pairedCounter(a.managementUrl());
                int pairedB = pairedCounter(b.managementUrl());
                System.out.printf("multi-instance: instance A paired %d seeks, instance B %d%n", pairedA, pairedB);
                assertThat(pairedA + pairedB).isEqualTo(pairable);

                // Either instance answers for any seek.
                Opened sample = opened.get(0);
                for (String url : urls) {
                    JsonNode view = get(url + "/api/matchmaking/seeks/" + sample.seekId(), sample.seeker().token());
                    assertThat(view.path("id").asText()).isEqualTo(sample.seekId());
                }
            }
        }
    }

    private static Opened open(Seeker seeker) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(seeker.url() + "/api/matchmaking/seeks"))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + seeker.token()).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"mode\":\"" + seeker.mode() + "\",\"timeControl\":\""
                        + seeker.timeControl() + "\"}"))
                .build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("opening a seek: %s", response.body()).isEqualTo(201);
        return new Opened(seeker, JSON.readTree(response.body()).path("id").asText());
    }

    private static JsonNode get(String url, String token) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + token)
                .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private static int pairedCounter(String url) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url + "/q/metrics")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        return response.body().lines().filter(line -> line.startsWith("pente_matchmaking_seeks_paired_total"))
                .mapToInt(line -> (int) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))).sum();
    }

    private static int count(String sql, StackConfig config) throws SQLException {
        return ((Number) single(sql, config)).intValue();
    }

    private static Object single(String sql, StackConfig config) throws SQLException {
        try (Connection connection = PostgresDatabases.connect(config, DATABASE);
             PreparedStatement statement = connection.prepareStatement(sql);
             ResultSet rs = statement.executeQuery()) {
            return rs.next() ? rs.getObject(1) : null;
        }
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}

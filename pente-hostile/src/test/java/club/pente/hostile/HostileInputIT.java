package club.pente.hostile;

import club.pente.core.contract.Topic;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.Platform;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupListing;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Hostile input against the whole packaged platform, as an attacker on the network meets it. A reference
 * game (alice against bob, two moves played) is set up; then a seeded generator fires {@code hostile.inputs}
 * inputs: REST requests through the gateway and straight at each service, raw HTTP that no client library
 * would send, WebSocket frames, and Kafka records on every consumed topic. It asserts that no answer is a
 * 5xx, that nothing that must be refused succeeds, that every database is exactly as before, and that
 * afterwards every consumer still does its job: the game service applies the next legal move, the gateway
 * streams it, the computer answers, matchmaking creates games and the rating service rates a ranked game.
 * Only 127.0.0.1 is ever addressed; the run is bounded by its input count. The report goes to stdout and
 * target/hostile-report.txt.
 */
class HostileInputIT {
    private static final int BASE_PORT = 18280;
    private static final int INPUTS = Integer.getInteger("hostile.inputs", 10_000);
    private static final long SEED = Long.getLong("hostile.seed", 20261201L);
    // HTTP/1.1 as browsers speak it to an http:// origin (no h2c upgrade).
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private static Platform platform;
    private static KafkaProducer<String, String> producer;
    private static String aliceToken;
    private static String bobToken;
    private static String adminToken;
    private static String modToken;
    private static String guestToken;
    private static PlayerRef alice;
    private static PlayerRef bob;

    @BeforeAll
    static void startPlatform() throws Exception {
        platform = Platform.start("hostile", BASE_PORT, HostileLimits.overrides());
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, platform.config().kafkaBootstrapServers());
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, "2000000");
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        producer = new KafkaProducer<>(props);
        aliceToken = DemoTokens.accessToken("alice", "alice");
        bobToken = DemoTokens.accessToken("bob", "bob");
        adminToken = DemoTokens.accessToken("admin", "admin");
        modToken = DemoTokens.accessToken("mod", "mod");
        alice = new PlayerRef(DemoTokens.claims(aliceToken).get("sub").asText(), "alice");
        bob = new PlayerRef(DemoTokens.claims(bobToken).get("sub").asText(), "bob");
        HttpResponse<String> guest = HTTP.send(HttpRequest.newBuilder(URI.create(platform.url("gateway") + "/api/guests"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"mallory\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(guest.statusCode()).as(guest.body()).isEqualTo(200);
        guestToken = Contracts.json().readTree(guest.body()).get("token").asText();
    }

    @AfterAll
    static void stopPlatform() throws Exception {
        if (producer != null) {
            producer.close();
        }
        if (platform != null) {
            platform.close();
        }
    }

    @Test
    void hostileInputIsRefusedChangesNothingAndStopsNothing() throws Exception {
        String game = UUID.randomUUID().toString();
        send(Topic.GAME_COMMANDS, game, CreateGame.of(game, alice, bob, false, TimeControl.UNTIMED));
        awaitGame(game, node -> node.path("version").asInt() == 1);
        String aliceCommand = "opening-" + UUID.randomUUID();
        assertThat(post(platform.url("game") + "/api/games/" + game + "/moves", aliceToken,
                "{\"point\":\"K10\",\"expectedPly\":1,\"commandId\":\"" + aliceCommand + "\"}").statusCode()).isEqualTo(200);
        assertThat(post(platform.url("game") + "/api/games/" + game + "/moves", bobToken, "{\"point\":\"L11\",\"expectedPly\":2}").statusCode()).isEqualTo(200);
        // An anonymous spectator for the whole run: it must still see the next move at the end.
        FrameSocket spectator = FrameSocket.open(platform.url("gateway"), game, null);

        String expired = DemoTokens.passwordGrant("pente-test-short-lived", "alice", "alice").accessToken();
        long expiresAt = DemoTokens.claims(expired).get("exp").asLong();
        HostileRequests.Tokens tokens = new HostileRequests.Tokens(aliceToken, bobToken, adminToken, modToken, guestToken, invalidTokens(), expired);
        await().atMost(Duration.ofSeconds(10)).until(() -> Instant.now().getEpochSecond() > expiresAt + 1);

        Map<String, String> before = snapshot(game);
        Tally tally = new Tally();
        int socketFrames = INPUTS / 5;
        int kafkaRecords = INPUTS / 5;
        List<String> raw = new HostileRequests(SEED, game, aliceCommand, tokens).rawRequests(game);
        int rawInputs = raw.size() * 5;
        int restInputs = INPUTS - socketFrames - kafkaRecords - rawInputs;

        StringBuilder phases = new StringBuilder("phases:");
        long started = System.nanoTime();
        fireRest(new HostileRequests(SEED, game, aliceCommand, tokens), restInputs, tally);
        started = phase(phases, "rest " + restInputs, started);
        fireRaw(raw, tally);
        started = phase(phases, "raw " + rawInputs, started);
        fireSocketFrames(new HostileFrames(SEED, game), game, socketFrames, tally);
        started = phase(phases, "socket " + socketFrames, started);
        fireKafka(new HostileFrames(SEED + 1, game), kafkaRecords, tally);
        awaitConsumersCaughtUp(tally, Duration.ofMinutes(2).plusMillis(10L * kafkaRecords));
        phase(phases, "kafka " + kafkaRecords + " until every consumer caught up", started);

        Map<String, String> after = snapshot(game);
        String report = "seed " + SEED + "\n" + tally.report() + "state changes: " + differences(before, after) + "\n" + phases + "\n";
        System.out.println(report);
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/hostile-report.txt"), report);

        assertThat(tally.inputs()).isGreaterThanOrEqualTo(INPUTS);
        assertThat(tally.violations()).as(report).isEmpty();
        assertThat(tally.serverErrors()).isZero();
        assertThat(tally.unexpectedSuccesses()).isZero();
        assertThat(after).as("state after the hostile inputs").isEqualTo(before);

        everyConsumerStillWorks(game, spectator);
        spectator.close();
    }

    // ---- the inputs

    private static long phase(StringBuilder phases, String name, long started) {
        long now = System.nanoTime();
        phases.append(String.format(" %s in %.1f s;", name, (now - started) / 1e9));
        return now;
    }

    private static void fireRest(HostileRequests requests, int count, Tally tally) throws Exception {
        Semaphore inFlight = new Semaphore(16);
        List<CompletableFuture<?>> pending = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            boolean viaGateway = i % 2 == 0;
            HostileRequests.Request request = requests.next(viaGateway);
            String base = viaGateway ? platform.url("gateway") : platform.url(owner(request.path()));
            String kind = viaGateway ? "rest via gateway" : "rest direct";
            // The gateway and the ai service take bodies up to 64 KB, game, matchmaking and rating up to 16 KB.
            int bodyLimit = viaGateway || owner(request.path()).equals("ai") || owner(request.path()).equals("gateway")
                    ? 64 * 1024 : 16 * 1024;
            HttpRequest.Builder builder;
            try {
                builder = HttpRequest.newBuilder(URI.create(base + request.path())).timeout(Duration.ofSeconds(15));
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("the generator built an unsendable path: " + request.path(), e);
            }
            if (request.token() != null) {
                builder.header("Authorization", "Bearer " + request.token());
            }
            if (request.contentType() != null) {
                builder.header("Content-Type", request.contentType());
            }
            builder.header("Origin", platform.url("gateway"));
            builder.method(request.method(), request.body() == null ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(request.body()));
            inFlight.acquire();
            pending.add(HTTP.sendAsync(builder.build(), HttpResponse.BodyHandlers.ofString())
                    .handle((response, failure) -> {
                        inFlight.release();
                        if (failure != null && request.body() != null && request.body().length() > bodyLimit) {
                            // A body over the limit of the server it was sent to: the server may answer 413 and
                            // close while the client is still sending, so the client sees the connection end
                            // instead (RFC 9110 15.5.14). The gateway refuses what is over a service's limit itself.
                            tally.count(kind, "closed on an oversize body");
                        } else if (failure != null) {
                            tally.count(kind, "no answer");
                            tally.violation(kind + " got no answer (" + failure + "): " + request.describe());
                        } else {
                            tally.http(kind, response.statusCode(), request.mayHaveSucceeded(),
                                    request.describe() + " -> " + abbreviate(response.body()));
                        }
                        return null;
                    }));
        }
        CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).get(5, TimeUnit.MINUTES);
    }

    /** The service that serves a path when it is called directly. */
    private static String owner(String path) {
        if (path.startsWith("/api/admin/players?") || path.equals("/api/admin/players")) {
            return "rating";
        }
        if (path.startsWith("/api/admin/players/")) {
            return "matchmaking";
        }
        if (path.startsWith("/api/ratings")) {
            return "rating";
        }
        if (path.startsWith("/api/matchmaking")) {
            return "matchmaking";
        }
        if (path.startsWith("/api/ai")) {
            return "ai";
        }
        return path.startsWith("/api/guests") ? "gateway" : "game";
    }

    private static void fireRaw(List<String> raw, Tally tally) {
        for (String service : List.of("gateway", "game", "rating", "matchmaking", "ai")) {
            for (String text : raw) {
                String answer = rawExchange(platform.port(service), text);
                if (answer.startsWith("HTTP/")) {
                    int status = Integer.parseInt(answer.substring(9, 12));
                    if (text.startsWith("GET /api/games HTTP/9.9") && (status == 501 || status == 505)) {
                        // An HTTP version nobody speaks: the gateway's socket layer answers 501 before any filter of
                        // ours runs, as RFC 9110 allows (505 would be the exact code). Counted, not a violation.
                        tally.count("raw http", status + " unknown HTTP version");
                        continue;
                    }
                    // Raw requests are reads or malformed: a 2xx is harmless, a 5xx is not.
                    tally.http("raw http", status, true, service + " <- " + abbreviate(text) + " -> " + abbreviate(answer));
                } else {
                    tally.count("raw http", "closed without an answer");
                }
            }
        }
    }

    private static String rawExchange(int port, String text) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(text.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] head = in.readNBytes(12);
            return new String(head, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return "";
        }
    }

    private static void fireSocketFrames(HostileFrames frames, String game, int count, Tally tally) throws Exception {
        List<String> identities = new ArrayList<>();
        identities.add(null);
        identities.add(guestToken);
        identities.add(bobToken);
        int sent = 0;
        int socketNo = 0;
        while (sent < count) {
            String identity = identities.get(socketNo++ % identities.size());
            try (FrameSocket socket = FrameSocket.open(platform.url("gateway"), game, identity)) {
                for (int i = 0; i < 20 && sent < count; i++, sent++) {
                    String frame = frames.socketFrame();
                    if (identity == bobToken && frame.contains("\"resign\"")) {
                        frame = "{\"type\":\"move\",\"point\":\"A1\",\"expectedPly\":3}"; // Bob may resign for real: never
                    }
                    String answer = socket.exchange(frame);
                    tally.count("socket frame", answer);
                    if (answer.startsWith("closed 1011") || answer.startsWith("closed 1006")) {
                        tally.violation("socket closed with " + answer + " after " + abbreviate(frame));
                    }
                    if (answer.startsWith("closed")) {
                        break;
                    }
                }
            }
        }
    }

    private static void fireKafka(HostileFrames frames, int count, Tally tally) throws Exception {
        List<CompletableFuture<?>> acks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            HostileFrames.KafkaRecord record = frames.kafkaRecord();
            CompletableFuture<Void> ack = new CompletableFuture<>();
            producer.send(new ProducerRecord<>(platform.topic(record.topic()), record.key(), record.value()), (metadata, failure) -> {
                if (failure != null) {
                    ack.completeExceptionally(failure);
                } else {
                    ack.complete(null);
                }
            });
            acks.add(ack);
            tally.count("kafka record", record.topic().key());
        }
        CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)).get(2, TimeUnit.MINUTES);
    }

    /**
     * Waits until every consumer group reading this run's topics has committed up to the end of them; a
     * group still behind at the deadline (two minutes plus 10 ms a record) is stuck on something it was sent, and that is a violation.
     */
    private static void awaitConsumersCaughtUp(Tally tally, Duration deadline) throws Exception {
        List<String> topics = List.of(Topic.GAME_COMMANDS, Topic.GAME_EVENTS, Topic.PRESENCE,
                Topic.MATCHMAKING_EVENTS, Topic.RATING_EVENTS, Topic.ADMIN_SANCTIONS).stream().map(platform::topic).toList();
        Properties props = new Properties();
        props.put("bootstrap.servers", platform.config().kafkaBootstrapServers());
        try (Admin admin = Admin.create(props)) {
            // The ends as they are now, after the last hostile record: the platform keeps writing (presence),
            // so a group is caught up once it has committed past these, not past whatever came later.
            Map<TopicPartition, OffsetSpec> all = new HashMap<>();
            admin.describeTopics(topics).allTopicNames().get().forEach((topic, description) -> description.partitions()
                    .forEach(partition -> all.put(new TopicPartition(topic, partition.partition()), OffsetSpec.latest())));
            Map<TopicPartition, Long> ends = new HashMap<>();
            admin.listOffsets(all).all().get().forEach((partition, info) -> ends.put(partition, info.offset()));
            try {
                await().atMost(deadline).pollInterval(Duration.ofMillis(500)).until(() -> lagOf(admin, ends).isEmpty());
            } catch (org.awaitility.core.ConditionTimeoutException e) {
                tally.violation("consumers still behind after " + deadline.toSeconds() + " s: " + lagOf(admin, ends));
            }
        }
    }

    /**
     * Partitions of this run's topics where a group's committed offset is behind {@code ends}, with the lag.
     * The game events are written in Kafka transactions, so a partition's end may be a commit marker that
     * no consumer ever acknowledges: a group is behind only when records it could read lie before the end.
     */
    private static Map<String, Long> lagOf(Admin admin, Map<TopicPartition, Long> ends) throws Exception {
        Map<String, Long> behind = new java.util.TreeMap<>();
        for (ConsumerGroupListing group : admin.listConsumerGroups().all().get()) {
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group.groupId())
                    .partitionsToOffsetAndMetadata().get();
            for (Map.Entry<TopicPartition, OffsetAndMetadata> entry : committed.entrySet()) {
                Long end = ends.get(entry.getKey());
                long from = entry.getValue() == null ? 0 : entry.getValue().offset();
                if (end != null && end > from) {
                    long unread = readableRecords(entry.getKey(), from, end);
                    if (unread > 0) {
                        behind.put(group.groupId() + " " + entry.getKey(), unread);
                    }
                }
            }
        }
        return behind;
    }

    /** Definitive answers of {@link #readableRecords}, by partition and range: a range read once stays as it was. */
    private static final Map<String, Long> READABLE = new java.util.concurrent.ConcurrentHashMap<>();

    /** Records a read_committed consumer gets between two offsets (commit markers and aborted records are not). */
    private static long readableRecords(TopicPartition partition, long from, long to) {
        String range = partition + "@" + from + ".." + to;
        Long known = READABLE.get(range);
        if (known != null) {
            return known;
        }
        Properties props = new Properties();
        props.put("bootstrap.servers", platform.config().kafkaBootstrapServers());
        props.put("enable.auto.commit", "false");
        props.put("isolation.level", "read_committed");
        try (org.apache.kafka.clients.consumer.KafkaConsumer<byte[], byte[]> consumer = new org.apache.kafka.clients.consumer.KafkaConsumer<>(
                props, new org.apache.kafka.common.serialization.ByteArrayDeserializer(), new org.apache.kafka.common.serialization.ByteArrayDeserializer())) {
            consumer.assign(List.of(partition));
            consumer.seek(partition, from);
            long readable = 0;
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (consumer.position(partition) < to && System.nanoTime() < deadline) {
                for (var record : consumer.poll(Duration.ofMillis(200))) {
                    if (record.offset() < to) {
                        readable++;
                    }
                }
            }
            if (consumer.position(partition) < to) {
                return Math.max(1, readable); // a transaction still open there: not read yet
            }
            READABLE.put(range, readable);
            return readable;
        }
    }

    // ---- afterwards: every consumer still does its job

    private static void everyConsumerStillWorks(String game, FrameSocket spectator) throws Exception {
        HttpResponse<String> move = post(platform.url("gateway") + "/api/games/" + game + "/moves", aliceToken, "{\"point\":\"K4\",\"expectedPly\":3}");
        assertThat(move.statusCode()).as("the next legal move: " + move.body()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(20)).until(() -> spectator.saw("\"point\":\"K4\""));

        HttpResponse<String> computer = post(platform.url("gateway") + "/api/matchmaking/ai-games", guestToken, "{\"level\":1,\"color\":\"BLACK\"}");
        assertThat(computer.statusCode()).as("a computer game: " + computer.body()).isEqualTo(201);
        String computerGame = Contracts.json().readTree(computer.body()).path("gameId").asText();
        awaitGame(computerGame, node -> node.path("ply").asInt() >= 1); // created by matchmaking, opened by the computer

        String ranked = UUID.randomUUID().toString();
        send(Topic.GAME_COMMANDS, ranked, CreateGame.of(ranked, alice, bob, true, TimeControl.UNTIMED));
        awaitGame(ranked, node -> node.path("version").asInt() == 1);
        int gamesBefore = ratedGames(alice.id());
        assertThat(post(platform.url("gateway") + "/api/games/" + ranked + "/resign", bobToken, "{}").statusCode()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(30)).until(() -> ratedGames(alice.id()) == gamesBefore + 1);

        // The staff paths after hostile GameAnnulled, AnnulGame and sanctions records: an annulment still reverses
        // the rating, and a suspension with forfeit still ends the suspended player's live game.
        HttpResponse<String> annul = post(platform.url("gateway") + "/api/admin/games/" + ranked + "/annul", adminToken,
                "{\"reason\":\"the hostile run checks annulments\"}");
        assertThat(annul.statusCode()).as("an annulment: " + annul.body()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(30)).until(() -> ratedGames(alice.id()) == gamesBefore);
        HttpResponse<String> suspend = post(platform.url("gateway") + "/api/admin/players/" + bob.id() + "/suspension", adminToken,
                "{\"reason\":\"the hostile run checks forfeits\",\"minutes\":1,\"forfeitLiveGames\":true}");
        assertThat(suspend.statusCode()).as("a suspension: " + suspend.body()).isEqualTo(201);
        awaitGame(game, node -> "FORFEIT".equals(node.path("reason").asText()) && "WHITE_WINS".equals(node.path("status").asText()));
    }

    private static int ratedGames(String playerId) throws Exception {
        HttpResponse<String> profile = HTTP.send(HttpRequest.newBuilder(URI.create(platform.url("rating") + "/api/ratings/players/" + playerId)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (profile.statusCode() == 404) {
            return 0;
        }
        JsonNode node = Contracts.json().readTree(profile.body());
        return node.path("games").asInt();
    }

    // ---- state

    /** Everything the hostile inputs must not change, database by database. */
    private static Map<String, String> snapshot(String game) throws Exception {
        Map<String, String> state = new HashMap<>();
        state.put("reference game", stable(getGame(game)));
        state.putAll(query("game", "select id, status, ply, version, white_id, black_id, end_note, annulled_at from games order by id",
                "select count(*) from admin_audit",
                "select game_id, ply, player_id, point, command_id from moves order by game_id, ply",
                "select count(*) from chat_messages",
                "select game_id, player_id, used from hint_reservations order by 1, 2"));
        state.putAll(query("rating", "select * from players order by 1", "select count(*) from rating_changes", "select count(*) from finished_games",
                "select count(*) from game_annulments", "select count(*) from admin_audit"));
        state.putAll(query("matchmaking", "select count(*) from seeks", "select count(*) from invitations", "select count(*) from games",
                "select count(*) from matches", "select count(*) from rematches", "select count(*) from sanctions", "select count(*) from admin_audit",
                "select count(*) from tournaments", "select count(*) from tournament_players", "select count(*) from tournament_games"));
        return state;
    }

    private static String stable(JsonNode game) {
        ObjectNode copy = game.deepCopy();
        copy.remove("clocks");
        copy.remove("spectators");
        copy.remove("asOf");
        return copy.toString();
    }

    private static Map<String, String> query(String service, String... sqls) throws Exception {
        var target = platform.config().postgres().withDatabase(platform.databaseOf(service));
        Map<String, String> out = new HashMap<>();
        try (Connection connection = DriverManager.getConnection(target.jdbcUrl(), platform.config().postgresUser(), platform.config().postgresPassword());
             Statement statement = connection.createStatement()) {
            for (String sql : sqls) {
                StringBuilder rows = new StringBuilder();
                try (ResultSet result = statement.executeQuery(sql)) {
                    ResultSetMetaData meta = result.getMetaData();
                    while (result.next()) {
                        for (int c = 1; c <= meta.getColumnCount(); c++) {
                            rows.append(result.getString(c)).append(c == meta.getColumnCount() ? "\n" : "|");
                        }
                    }
                }
                out.put(service + ": " + sql, rows.toString());
            }
        }
        return out;
    }

    private static String differences(Map<String, String> before, Map<String, String> after) {
        List<String> changed = before.keySet().stream().filter(key -> !before.get(key).equals(after.get(key))).sorted().toList();
        StringBuilder out = new StringBuilder(String.valueOf(changed.size()));
        for (String key : changed) {
            out.append("\n  ").append(key).append("\n    before: ").append(abbreviate(before.get(key)))
                    .append("\n    after:  ").append(abbreviate(after.get(key)));
        }
        return out.toString();
    }

    // ---- helpers

    private static List<String> invalidTokens() throws Exception {
        String[] parts = aliceToken.split("\\.");
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        List<String> tokens = new ArrayList<>();
        tokens.add("not-a-jwt");
        tokens.add(parts[0] + "." + parts[1] + "." + new StringBuilder(parts[2]).reverse());
        tokens.add(b64.encodeToString("{\"alg\":\"none\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8)) + "." + parts[1] + ".");
        tokens.add(parts[0] + "." + bobToken.split("\\.")[1] + "." + parts[2]);
        var generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        Map<String, Object> foreign = DemoTokens.guestClaims("eve", Instant.now(), Duration.ofHours(1));
        foreign.put("iss", platform.config().realmUrl());
        foreign.put("sub", alice.id());
        tokens.add(DemoTokens.signGuest(foreign, generator.generateKeyPair().getPrivate()));
        Map<String, Object> aliceAsGuest = DemoTokens.guestClaims("alice", Instant.now(), Duration.ofHours(1));
        aliceAsGuest.put("sub", alice.id());
        tokens.add(DemoTokens.signGuest(aliceAsGuest));
        Map<String, Object> guestAdmin = DemoTokens.guestClaims("root", Instant.now(), Duration.ofHours(1));
        guestAdmin.put("realm_access", Map.of("roles", List.of("guest", "admin", "player")));
        tokens.add(DemoTokens.signGuest(guestAdmin));
        tokens.add(DemoTokens.passwordGrant(DemoTokens.WEB_CLIENT, "alice", "alice").idToken());
        tokens.add("x".repeat(20_000));
        return tokens;
    }

    private static void send(Topic topic, String key, Object command) throws Exception {
        producer.send(new ProducerRecord<>(platform.topic(topic), key, Contracts.json().writeValueAsString(command))).get(30, TimeUnit.SECONDS);
    }

    private static JsonNode getGame(String game) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(platform.url("game") + "/api/games/" + game)).build(),
                HttpResponse.BodyHandlers.ofString());
        return response.statusCode() == 200 ? Contracts.json().readTree(response.body()) : Contracts.json().createObjectNode();
    }

    private static void awaitGame(String game, java.util.function.Predicate<JsonNode> condition) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() -> condition.test(getGame(game)));
    }

    private static HttpResponse<String> post(String url, String token, String body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json").header("Origin", platform.url("gateway"))
                .POST(HttpRequest.BodyPublishers.ofString(body)).timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String abbreviate(String text) {
        String flat = text == null ? "" : text.replaceAll("[\\r\\n]+", " ");
        return flat.length() > 600 ? flat.substring(0, 600) + "..." : flat;
    }

    /** A game socket that answers each frame with the next message or its close, and keeps every message. */
    static final class FrameSocket implements WebSocket.Listener, AutoCloseable {
        private final LinkedBlockingQueue<String> answers = new LinkedBlockingQueue<>();
        private final ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();
        private final StringBuilder partial = new StringBuilder();
        private WebSocket socket;
        private volatile boolean closed;

        static FrameSocket open(String gatewayUrl, String game, String token) throws Exception {
            FrameSocket listener = new FrameSocket();
            listener.socket = HTTP.newWebSocketBuilder().header("Origin", gatewayUrl).connectTimeout(Duration.ofSeconds(5))
                    .buildAsync(URI.create(gatewayUrl.replace("http", "ws") + "/ws/games/" + game), listener).get(10, TimeUnit.SECONDS);
            String snapshot = listener.answers.poll(10, TimeUnit.SECONDS);
            if (snapshot == null) {
                throw new IllegalStateException("no snapshot on the game socket");
            }
            if (token != null) {
                listener.exchange("{\"type\":\"auth\",\"token\":\"" + token + "\"}");
            }
            return listener;
        }

        /** Sends a frame and gives the type of the first answer ("error", "ack", ...) or "closed CODE". */
        String exchange(String frame) throws Exception {
            if (closed) {
                return answers.isEmpty() ? "closed" : answers.poll();
            }
            answers.clear();
            try {
                socket.sendText(frame, true).get(5, TimeUnit.SECONDS);
            } catch (Exception e) {
                return "closed on send";
            }
            String answer = answers.poll(5, TimeUnit.SECONDS);
            if (answer == null) {
                return "no answer";
            }
            if (answer.startsWith("closed")) {
                return answer;
            }
            try {
                return Contracts.json().readTree(answer).path("type").asText("unreadable");
            } catch (IOException e) {
                return "unreadable";
            }
        }

        @Override
        public void onOpen(WebSocket webSocket) {
            webSocket.request(Long.MAX_VALUE);
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                answers.add(partial.toString());
                seen.add(partial.toString());
                partial.setLength(0);
            }
            return null;
        }

        boolean saw(String fragment) {
            return seen.stream().anyMatch(text -> text.contains(fragment));
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            closed = true;
            answers.add("closed " + statusCode);
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            closed = true;
            answers.add("closed 1006 " + error);
        }

        @Override
        public void close() {
            if (!closed) {
                socket.abort();
            }
        }
    }
}

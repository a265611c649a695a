package club.pente.bench.spectators;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.contract.Topic;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Position;
import club.pente.core.rules.RandomGames;
import com.fasterxml.jackson.databind.JsonNode;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Spectators by the thousand through one gateway (issue 12): {@code ./pente bench spectators [--games 1000]
 * [--viewers 20000] [--moves 10] [--interval-ms 10000]} against a running platform ({@code ./pente up}).
 *
 * <p>Creates the games (CreateGame on Kafka, as matchmaking does, between a small pool of guests from
 * {@code POST /api/guests}), opens the viewers' WebSockets through the gateway (spread over child
 * processes: one process may hold only so many sockets, {@code ulimit -n}), then plays every game
 * through the gateway's player sockets (a player opens a socket, signs in, moves, closes), one move per
 * game every {@code --interval-ms}, and resigns. Every viewer must receive every event of its game after
 * its snapshot exactly once and in version order: the events on {@code pente.game.events}
 * (read_committed) are the truth. Prints the counts, the event-to-socket latency from each event's
 * {@code occurredAt} (HdrHistogram), failed joins, and the gateway's memory per socket (heap after a GC
 * and RSS, before and after the joins; the gateway's process is found by its port).
 *
 * <p>Options: {@code --url} (the gateway, default http://127.0.0.1:8080), {@code --management-url} (its
 * management port, default the port + 1000), {@code --bootstrap}, {@code --guests 30} (the players'
 * pool: guest issuance is limited per address and minute, PENTE_GUEST_ISSUE_PER_MINUTE, 30 by default), {@code --per-process 8000} (viewer sockets per child process), {@code --parallel 200}
 * (handshakes in flight per process), {@code --timeout-s 900}, {@code --gateway-pid}, {@code --commands-topic}
 * and {@code --events-topic} (for a platform started on topics of its own).
 *
 * <p>Only 127.0.0.1; bounded by {@code --timeout-s}; closes its sockets and stops by itself. The gateway
 * must allow that many sockets from one address: {@code PENTE_QUOTA_SOCKETS_PER_ADDRESS=25000 ./pente up}.
 */
public final class SpectatorLoadDriver {
    private record Options(String url, String origin, String managementUrl, String bootstrap, int games, int viewers, int moves,
                           long intervalMillis, int guests, int perProcess, int parallel, long timeoutSeconds, long gatewayPid,
                           String childHeap, String commandsTopic, String eventsTopic) {
    }

    private record Game(String id, PlayerRef white, PlayerRef black, String token, String blackToken, String[] moves) {
        PlayerRef mover(int ply) {
            return ply % 2 == 1 ? white : black;
        }

        String moverToken(int ply) {
            return ply % 2 == 1 ? token : blackToken;
        }
    }

    /** What the event stream says about one game: the truth the viewers are checked against. */
    private static final class Truth {
        final CompletableFuture<Void> started = new CompletableFuture<>();
        final CompletableFuture<Void> ended = new CompletableFuture<>();
        final Map<Integer, CompletableFuture<Void>> plies = new ConcurrentHashMap<>();
        volatile long lastVersion;
        volatile String rejected;
        /** Each version's record timestamp on the stream (the producer's send time, ms). */
        final Map<Long, Long> published = new ConcurrentHashMap<>();
        /** When this driver's own consumer got each version (micros since the epoch). */
        final Map<Long, Long> seen = new ConcurrentHashMap<>();

        CompletableFuture<Void> ply(int ply) {
            return plies.computeIfAbsent(ply, p -> new CompletableFuture<>());
        }
    }

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Options options;
    private final Map<String, Truth> truths = new ConcurrentHashMap<>();
    private final AtomicLong movesPlayed = new AtomicLong();
    private final AtomicLong retries = new AtomicLong();
    private final ScheduledExecutorService retryTimer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "retries");
        thread.setDaemon(true);
        return thread;
    });
    private final Map<String, AtomicInteger> playerFailures = new ConcurrentHashMap<>();

    private SpectatorLoadDriver(Options options) {
        this.options = options;
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--child")) {
            ViewerFleet.run(args);
            return;
        }
        String url = stringArg(args, "--url", System.getenv().getOrDefault("PENTE_GATEWAY_URL", "http://127.0.0.1:8080"));
        URI gateway = URI.create(url);
        Options options = new Options(url, stringArg(args, "--origin", gateway.getScheme() + "://" + gateway.getAuthority()),
                stringArg(args, "--management-url", "http://127.0.0.1:" + (gateway.getPort() + 1000)),
                stringArg(args, "--bootstrap", System.getenv().getOrDefault("PENTE_KAFKA_BOOTSTRAP", "127.0.0.1:9092")),
                intArg(args, "--games", 1000), intArg(args, "--viewers", 20000), intArg(args, "--moves", 10),
                intArg(args, "--interval-ms", 10000), intArg(args, "--guests", 30), intArg(args, "--per-process", 8000),
                intArg(args, "--parallel", 200), intArg(args, "--timeout-s", 900), intArg(args, "--gateway-pid", -1),
                stringArg(args, "--child-heap", "1g"), stringArg(args, "--commands-topic", Topic.GAME_COMMANDS.defaultName()),
                stringArg(args, "--events-topic", Topic.GAME_EVENTS.defaultName()));
        for (String address : List.of(URI.create(options.url()).getHost(), URI.create(options.managementUrl()).getHost(),
                options.bootstrap().substring(0, options.bootstrap().lastIndexOf(':')))) {
            if (!List.of("127.0.0.1", "localhost", "[::1]", "::1").contains(address)) {
                System.err.println("spectators: only 127.0.0.1 is driven, not " + address);
                System.exit(64);
            }
        }
        if (options.games() < 1 || options.viewers() < 0 || options.moves() < 1 || options.moves() > 200 || options.perProcess() < 1) {
            System.err.println("spectators: --games >= 1, --viewers >= 0, --moves 1..200, --per-process >= 1");
            System.exit(64);
        }
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(TimeUnit.SECONDS.toMillis(options.timeoutSeconds()));
                System.out.println("spectators: stopped after --timeout-s " + options.timeoutSeconds());
                Runtime.getRuntime().halt(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "timeout");
        watchdog.setDaemon(true);
        watchdog.start();
        new SpectatorLoadDriver(options).run();
        System.exit(0);
    }

    private void run() throws Exception {
        System.out.printf("spectators: %d viewers over %d games, %d moves each, one move per game every %d ms, gateway %s%n",
                options.viewers(), options.games(), options.moves(), options.intervalMillis(), options.url());
        List<PlayerRef> guestRefs = new ArrayList<>();
        List<String> guestTokens = new ArrayList<>();
        for (int i = 0; i < Math.max(2, options.guests()); i++) {
            JsonNode guest = guest("Bench " + i);
            guestRefs.add(new PlayerRef(guest.path("id").asText(), guest.path("name").asText()));
            guestTokens.add(guest.path("token").asText());
        }
        List<Game> games = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(12);
        String run = UUID.randomUUID().toString().substring(0, 8);
        for (int g = 0; g < options.games(); g++) {
            int w = (2 * g) % guestRefs.size();
            int b = (2 * g + 1) % guestRefs.size();
            int[] points = RandomGames.play(Position.of(), random, options.moves());
            String[] moves = new String[points.length];
            for (int i = 0; i < points.length; i++) {
                moves[i] = Notation.format(points[i]);
            }
            games.add(new Game("spect-" + run + "-" + g, guestRefs.get(w), guestRefs.get(b), guestTokens.get(w), guestTokens.get(b), moves));
        }
        games.forEach(game -> truths.put(game.id(), new Truth()));

        EventReader reader = new EventReader(options.bootstrap(), options.eventsTopic());
        reader.start();
        reader.awaitPositioned();
        try (KafkaProducer<String, String> producer = producer()) {
            for (Game game : games) {
                String json = Contracts.json().writeValueAsString(CreateGame.of(game.id(), game.white(), game.black(), false, TimeControl.UNTIMED));
                producer.send(new ProducerRecord<>(options.commandsTopic(), game.id(), json));
            }
            producer.flush();
        }
        CompletableFuture.allOf(truths.values().stream().map(t -> t.started).toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
        System.out.printf("games: %d started%n", games.size());

        GatewayMemory memory = new GatewayMemory(options.managementUrl(), options.gatewayPid(), URI.create(options.url()).getPort());
        GatewayMemory.Sample before = memory.sample();

        // The viewers: viewer i watches game i mod games, spread over processes of at most --per-process sockets.
        int processes = (options.viewers() + options.perProcess() - 1) / options.perProcess();
        List<Fleet> fleets = new ArrayList<>();
        String wsUrl = options.url().replaceFirst("^http", "ws");
        long joinStart = System.nanoTime();
        for (int p = 0; p < processes; p++) {
            int[] perGame = new int[games.size()];
            for (int v = p; v < options.viewers(); v += processes) {
                perGame[v % games.size()]++;
            }
            StringBuilder assignment = new StringBuilder();
            for (int g = 0; g < games.size(); g++) {
                if (perGame[g] > 0) {
                    assignment.append(games.get(g).id()).append(' ').append(perGame[g]).append('\n');
                }
            }
            Path file = Files.createTempFile("spectators-" + p + "-", ".txt");
            Files.writeString(file, assignment);
            file.toFile().deleteOnExit();
            fleets.add(Fleet.start(file, wsUrl, options));
        }
        int joined = 0;
        int failed = 0;
        Map<String, Integer> joinFailures = new TreeMap<>();
        for (Fleet fleet : fleets) {
            String[] ready = fleet.await("READY").split(" ");
            joined += Integer.parseInt(ready[1]);
            failed += Integer.parseInt(ready[2]);
            if (!ready[3].equals("-")) {
                for (String entry : ready[3].split(";")) {
                    int eq = entry.lastIndexOf('=');
                    joinFailures.merge(entry.substring(0, eq), Integer.parseInt(entry.substring(eq + 1)), Integer::sum);
                }
            }
        }
        System.out.printf("joins: %d ok, %d failed in %.1f s over %d processes%s%n", joined, failed, (System.nanoTime() - joinStart) / 1e9,
                processes, joinFailures.isEmpty() ? "" : " " + joinFailures);
        GatewayMemory.Sample after = memory.sample();

        // Play: game g moves at its own offset within the interval, the next move once the last one is on the stream.
        ScheduledExecutorService timer = Executors.newScheduledThreadPool(2);
        long start = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(500);
        List<CompletableFuture<Void>> plays = new ArrayList<>();
        for (int g = 0; g < games.size(); g++) {
            Game game = games.get(g);
            long offset = options.intervalMillis() * g / games.size();
            CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
            for (int ply = 1; ply <= game.moves().length; ply++) {
                int p = ply;
                long at = start + TimeUnit.MILLISECONDS.toNanos(offset + (p - 1) * options.intervalMillis());
                chain = chain.thenCompose(v -> delayUntil(timer, at))
                        .thenCompose(v -> play(game, p))
                        .thenCompose(v -> truths.get(game.id()).ply(p).orTimeout(60, TimeUnit.SECONDS));
            }
            long resignAt = start + TimeUnit.MILLISECONDS.toNanos(offset + game.moves().length * options.intervalMillis());
            chain = chain.thenCompose(v -> delayUntil(timer, resignAt))
                    .thenCompose(v -> resign(game))
                    .thenCompose(v -> truths.get(game.id()).ended.orTimeout(60, TimeUnit.SECONDS));
            plays.add(chain.exceptionally(error -> {
                playerFailures.computeIfAbsent(shorten(error), k -> new AtomicInteger()).incrementAndGet();
                return null;
            }));
        }
        long playStart = System.nanoTime();
        CompletableFuture.allOf(plays.toArray(CompletableFuture[]::new)).join();
        double playSeconds = (System.nanoTime() - playStart) / 1e9;
        timer.shutdownNow();
        long ended = truths.values().stream().filter(t -> t.ended.isDone() && !t.ended.isCompletedExceptionally()).count();
        System.out.printf("play: %d moves in %.1f s (%.0f moves/s), %d of %d games ended, %d player visits retried after 4429%s%n",
                movesPlayed.get(), playSeconds, movesPlayed.get() / playSeconds, ended, games.size(), retries.get(),
                playerFailures.isEmpty() ? "" : ", failures " + playerFailures);

        // The truth: each game's last version on the stream; every viewer must have every version after its snapshot.
        StringBuilder finals = new StringBuilder();
        truths.forEach((id, truth) -> {
            finals.append(id).append(' ').append(truth.lastVersion);
            String times = truth.published.entrySet().stream().map(e -> e.getKey() + ":" + e.getValue() + ":"
                            + truth.seen.getOrDefault(e.getKey(), 0L))
                    .collect(java.util.stream.Collectors.joining(","));
            finals.append(times.isEmpty() ? "" : " " + times).append('\n');
        });
        Path finalsFile = Files.createTempFile("spectators-final-", ".txt");
        finalsFile.toFile().deleteOnExit();
        Files.writeString(finalsFile, finals);
        long expected = 0;
        long received = 0;
        long missing = 0;
        long duplicated = 0;
        long outOfOrder = 0;
        long closedEarly = 0;
        Histogram latency = new Histogram(TimeUnit.MINUTES.toMicros(5), 3);
        Histogram fromStream = new Histogram(TimeUnit.MINUTES.toMicros(5), 3);
        Histogram fromReader = new Histogram(TimeUnit.MINUTES.toMicros(5), 3);
        for (Fleet fleet : fleets) {
            fleet.send("FINISH " + finalsFile);
        }
        for (Fleet fleet : fleets) {
            String[] result = fleet.await("RESULT").split(" ");
            expected += Long.parseLong(result[1]);
            received += Long.parseLong(result[2]);
            missing += Long.parseLong(result[3]);
            duplicated += Long.parseLong(result[4]);
            outOfOrder += Long.parseLong(result[5]);
            closedEarly += Long.parseLong(result[6]);
            latency.add(Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(result[7])), 0));
            fromStream.add(Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(result[8])), 0));
            fromReader.add(Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(result[9])), 0));
            fleet.close();
        }
        reader.stopReading();
        Files.deleteIfExists(finalsFile);

        System.out.printf("viewers: %d joined of %d, over %d games; %d closed before the end%n", joined, options.viewers(), games.size(), closedEarly);
        System.out.printf("events: expected %d, received %d, missing %d, duplicated %d, out of order %d%n",
                expected, received, missing, duplicated, outOfOrder);
        System.out.printf("latency event->socket (from occurredAt, %d events): p50 %.1f ms, p99 %.1f ms, p99.9 %.1f ms, max %.1f ms%n",
                latency.getTotalCount(), latency.getValueAtPercentile(50) / 1000.0, latency.getValueAtPercentile(99) / 1000.0,
                latency.getValueAtPercentile(99.9) / 1000.0, latency.getMaxValue() / 1000.0);
        System.out.printf("latency stream->socket (from the record's timestamp on %s, %d events): p50 %.1f ms, p99 %.1f ms, "
                        + "p99.9 %.1f ms, max %.1f ms%n", options.eventsTopic(), fromStream.getTotalCount(),
                fromStream.getValueAtPercentile(50) / 1000.0, fromStream.getValueAtPercentile(99) / 1000.0,
                fromStream.getValueAtPercentile(99.9) / 1000.0, fromStream.getMaxValue() / 1000.0);
        System.out.printf("latency driver's consumer->socket (the gateway's share: this driver read the record, then a socket got it; "
                        + "0 when the socket was first, %d events): p50 %.1f ms, p99 %.1f ms, p99.9 %.1f ms, max %.1f ms%n",
                fromReader.getTotalCount(), fromReader.getValueAtPercentile(50) / 1000.0, fromReader.getValueAtPercentile(99) / 1000.0,
                fromReader.getValueAtPercentile(99.9) / 1000.0, fromReader.getMaxValue() / 1000.0);
        System.out.println(GatewayMemory.describe(before, after, joined));
        System.out.println("verdict: " + (missing == 0 && duplicated == 0 && outOfOrder == 0 && failed == 0 && expected > 0
                ? "every viewer got every event once, in order" : "NOT every viewer got every event once, in order"));
    }

    private static String shorten(Throwable error) {
        Throwable cause = error instanceof java.util.concurrent.CompletionException && error.getCause() != null ? error.getCause() : error;
        String text = cause.getClass().getSimpleName() + ": " + cause.getMessage();
        return text.length() > 100 ? text.substring(0, 100) : text;
    }

    private static CompletableFuture<Void> delayUntil(ScheduledExecutorService timer, long nanoTime) {
        long wait = nanoTime - System.nanoTime();
        if (wait <= 0) {
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        timer.schedule(() -> done.complete(null), wait, TimeUnit.NANOSECONDS);
        return done;
    }

    /** One move as a player makes it: a socket on the game, sign in, move, the gateway's ack, close. */
    private CompletableFuture<Void> play(Game game, int ply) {
        String commandId = game.id() + "-" + ply;
        String move = "{\"type\":\"move\",\"point\":\"" + game.moves()[ply - 1] + "\",\"expectedPly\":" + ply + ",\"commandId\":\"" + commandId + "\"}";
        return withRetries(() -> PlayerSocket.act(options.url().replaceFirst("^http", "ws") + "/ws/games/" + game.id(), options.origin(),
                game.moverToken(ply), move), 20).thenRun(movesPlayed::incrementAndGet);
    }

    /**
     * A player's visit again after 4429: the same guest plays many games, and its sockets of other games
     * may still hold its places (pente.quota.sockets.per-identity). Bounded: {@code attempts} tries, 250 ms apart.
     */
    private CompletableFuture<Void> withRetries(java.util.function.Supplier<CompletableFuture<Void>> visit, int attempts) {
        return visit.get().handle((ok, error) -> {
            if (error == null) {
                return CompletableFuture.<Void>completedFuture(null);
            }
            if (attempts > 1 && String.valueOf(error.getMessage()).contains("4429")) {
                retries.incrementAndGet();
                return delayUntil(retryTimer, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(250))
                        .thenCompose(v -> withRetries(visit, attempts - 1));
            }
            return CompletableFuture.<Void>failedFuture(error);
        }).thenCompose(f -> f);
    }

    private CompletableFuture<Void> resign(Game game) {
        return withRetries(() -> PlayerSocket.act(options.url().replaceFirst("^http", "ws") + "/ws/games/" + game.id(), options.origin(),
                game.token(), "{\"type\":\"resign\"}"), 20);
    }

    private JsonNode guest(String name) throws Exception {
        for (int attempt = 0; ; attempt++) {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(options.url() + "/api/guests"))
                    .header("Content-Type", "application/json").timeout(Duration.ofSeconds(10))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name + "\"}")).build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 200) {
                return Contracts.json().readTree(response.body());
            }
            if (response.statusCode() != 429 || attempt >= 3) {
                throw new IllegalStateException("POST /api/guests answered " + response.statusCode() + ": " + response.body()
                        + " (fewer --guests, or PENTE_GUEST_ISSUE_PER_MINUTE for the gateway)");
            }
            long wait = response.headers().firstValueAsLong("Retry-After").orElse(5);
            System.out.printf("guest issuance is limited: waiting %d s%n", wait);
            Thread.sleep(TimeUnit.SECONDS.toMillis(Math.min(wait, 60)));
        }
    }

    private KafkaProducer<String, String> producer() {
        Properties props = new Properties();
        props.put("bootstrap.servers", options.bootstrap());
        props.put("acks", "all");
        props.put("linger.ms", "5");
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }

    /** Reads pente.game.events (committed records only) for the games of this run; closes its consumer on its own thread. */
    private final class EventReader extends Thread {
        private final String bootstrap;
        private final String topic;
        private volatile boolean stopping;

        EventReader(String bootstrap, String topic) {
            super("event-reader");
            this.bootstrap = bootstrap;
            this.topic = topic;
            setDaemon(true);
        }

        private final CompletableFuture<Void> positioned = new CompletableFuture<>();

        @Override
        public void run() {
            Properties props = new Properties();
            props.put("bootstrap.servers", bootstrap);
            props.put("enable.auto.commit", "false");
            props.put("isolation.level", "read_committed");
            try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
                List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(10)).stream()
                        .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
                consumer.assign(partitions);
                consumer.seekToEnd(partitions);
                partitions.forEach(consumer::position);
                positioned.complete(null);
                while (!stopping) {
                    for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(50))) {
                        Truth truth = record.key() == null ? null : truths.get(record.key());
                        if (truth != null) {
                            onEvent(truth, record.value(), record.timestamp());
                        }
                    }
                }
            } catch (Exception e) {
                positioned.completeExceptionally(e);
                System.err.println("event reader: " + e);
            }
        }

        private void onEvent(Truth truth, String json, long timestamp) {
            GameEvent event;
            try {
                event = Contracts.json().readValue(json, GameEvent.class);
            } catch (Exception e) {
                return;
            }
            if (event instanceof MoveRejected rejected) {
                truth.rejected = rejected.reason() + "";
                return;
            }
            truth.lastVersion = Math.max(truth.lastVersion, event.version());
            truth.published.putIfAbsent(event.version(), timestamp);
            truth.seen.putIfAbsent(event.version(), ViewerFleet.micros(java.time.Instant.now()));
            if (event instanceof GameStarted) {
                truth.started.complete(null);
            } else if (event instanceof MovePlayed played) {
                truth.ply(played.ply()).complete(null);
            } else if (event instanceof GameEnded) {
                truth.ended.complete(null);
            }
        }

        void awaitPositioned() throws Exception {
            positioned.get(30, TimeUnit.SECONDS);
        }

        void stopReading() throws InterruptedException {
            stopping = true;
            join(10_000);
        }
    }

    /** A child process holding a share of the viewers; it speaks one line per step on stdout. */
    private static final class Fleet {
        private final Process process;
        private final BufferedReader out;
        private final PrintStream in;

        private Fleet(Process process) {
            this.process = process;
            this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            this.in = new PrintStream(process.getOutputStream(), true, StandardCharsets.UTF_8);
        }

        static Fleet start(Path assignments, String wsUrl, Options options) throws Exception {
            String java = ProcessHandle.current().info().command().orElse("java");
            List<String> command = List.of(java, "-Xmx" + options.childHeap(), "-cp", System.getProperty("java.class.path"),
                    SpectatorLoadDriver.class.getName(), "--child", wsUrl, options.origin(), assignments.toString(),
                    Integer.toString(Math.max(1, options.parallel())), "300", "30");
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            return new Fleet(process);
        }

        String await(String prefix) throws Exception {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith(prefix + " ")) {
                    return line;
                }
            }
            throw new IllegalStateException("a viewer process ended before " + prefix + " (exit " + process.waitFor() + ")");
        }

        void send(String line) {
            in.println(line);
        }

        void close() throws InterruptedException {
            in.close();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroy();
            }
        }
    }

    /** A player's short visit: socket, auth, one message, the gateway's answer, close. */
    private static final class PlayerSocket implements WebSocket.Listener {
        private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        private final String token;
        private final String action;
        private final CompletableFuture<Void> done = new CompletableFuture<>();
        private final StringBuilder partial = new StringBuilder();

        private PlayerSocket(String token, String action) {
            this.token = token;
            this.action = action;
        }

        static CompletableFuture<Void> act(String url, String origin, String token, String action) {
            PlayerSocket player = new PlayerSocket(token, action);
            return CLIENT.newWebSocketBuilder().header("Origin", origin).connectTimeout(Duration.ofSeconds(10))
                    .buildAsync(URI.create(url), player)
                    .thenCompose(socket -> player.done.orTimeout(30, TimeUnit.SECONDS)
                            .whenComplete((ok, error) -> socket.sendClose(WebSocket.NORMAL_CLOSURE, "moved").exceptionally(e -> null)));
        }

        @Override
        public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String message = partial.toString();
                partial.setLength(0);
                if (message.startsWith("{\"type\":\"snapshot\"")) {
                    socket.sendText("{\"type\":\"auth\",\"token\":\"" + token + "\"}", true);
                } else if (message.startsWith("{\"type\":\"welcome\"")) {
                    socket.sendText(action, true);
                } else if (message.startsWith("{\"type\":\"ack\"")) {
                    done.complete(null);
                } else if (message.startsWith("{\"type\":\"error\"") || message.startsWith("{\"type\":\"rejected\"")) {
                    done.completeExceptionally(new IllegalStateException("the gateway answered " + message));
                }
            }
            socket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket socket, int statusCode, String reason) {
            done.completeExceptionally(new IllegalStateException("player socket closed " + statusCode + " " + reason));
            return null;
        }

        @Override
        public void onError(WebSocket socket, Throwable error) {
            done.completeExceptionally(error);
        }
    }

    private static int intArg(String[] args, String name, int fallback) {
        String value = stringArg(args, name, null);
        return value == null ? fallback : Integer.parseInt(value);
    }

    private static String stringArg(String[] args, String name, String fallback) {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }
}

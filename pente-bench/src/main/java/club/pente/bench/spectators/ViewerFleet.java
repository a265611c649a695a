package club.pente.bench.spectators;

import org.HdrHistogram.Histogram;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One process's share of the viewers (a process may hold only so many sockets: the open-file limit):
 * opens its sockets on the games it was given, tallies every message each one receives, and on
 * {@code FINISH} checks each viewer against the games' final versions. It talks to the driver over
 * stdin/stdout: {@code READY joined failed} once every join settled, {@code RESULT ...} at the end.
 */
final class ViewerFleet {
    /** Everything one socket saw: its snapshot version, and each event version once (BitSet) with what came twice or late. */
    static final class Viewer implements WebSocket.Listener {
        final String gameId;
        final CompletableFuture<Boolean> started = new CompletableFuture<>();
        volatile WebSocket socket;
        private final Histogram latency;
        private StringBuilder partial;
        long snapshot = -1;
        long highest = -1;
        long received;
        long duplicated;
        long outOfOrder;
        final BitSet seen = new BitSet();
        /** When each version first arrived (micros since the epoch), by version. */
        long[] arrivedAt = new long[16];
        volatile int closeCode;

        Viewer(String gameId, Histogram latency) {
            this.gameId = gameId;
            this.latency = latency;
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            if (!last || partial != null) {
                if (partial == null) {
                    partial = new StringBuilder();
                }
                partial.append(data);
                if (!last) {
                    webSocket.request(1);
                    return null;
                }
                data = partial;
                partial = null;
            }
            onMessage(data.toString());
            webSocket.request(1);
            return null;
        }

        synchronized void onMessage(String message) {
            if (message.startsWith("{\"type\":\"event\"")) {
                long version = number(message, "\"version\":");
                String at = text(message, "\"occurredAt\":\"");
                long now = micros(Instant.now());
                if (version >= 0 && version < 100_000) {
                    if (version >= arrivedAt.length) {
                        arrivedAt = java.util.Arrays.copyOf(arrivedAt, (int) Math.max(version + 1, arrivedAt.length * 2L));
                    }
                    if (arrivedAt[(int) version] == 0) {
                        arrivedAt[(int) version] = now;
                    }
                }
                if (at != null) {
                    long micros = now - micros(Instant.parse(at));
                    synchronized (latency) {
                        latency.recordValue(Math.max(0, micros));
                    }
                }
                received++;
                if (version <= snapshot || seen.get((int) version)) {
                    duplicated++;
                } else {
                    if (version < highest) {
                        outOfOrder++;
                    }
                    seen.set((int) version);
                    highest = Math.max(highest, version);
                }
            } else if (message.startsWith("{\"type\":\"snapshot\"")) {
                snapshot = number(message, "\"version\":");
                highest = snapshot;
                started.complete(true);
            } else if (message.startsWith("{\"type\":\"resumed\"")) {
                started.complete(false); // never asked for: counts as a failed join
            }
        }

        /** True once the snapshot came (false after a refusal, a close or a timeout before it). */
        boolean joined() {
            return started.isDone() && !started.isCompletedExceptionally() && started.join();
        }

        synchronized long highest() {
            return highest;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            closeCode = statusCode;
            started.complete(false);
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            closeCode = closeCode == 0 ? -1 : closeCode;
            started.complete(false);
        }
    }

    private ViewerFleet() {
    }

    static long micros(Instant at) {
        return at.getEpochSecond() * 1_000_000L + at.getNano() / 1_000;
    }

    static long number(String message, String field) {
        int at = message.indexOf(field);
        if (at < 0) {
            return -1;
        }
        int i = at + field.length();
        long value = 0;
        while (i < message.length() && Character.isDigit(message.charAt(i))) {
            value = value * 10 + (message.charAt(i++) - '0');
        }
        return value;
    }

    static String text(String message, String field) {
        int at = message.indexOf(field);
        if (at < 0) {
            return null;
        }
        int end = message.indexOf('"', at + field.length());
        return end < 0 ? null : message.substring(at + field.length(), end);
    }

    /** The child process: {@code --child URL ORIGIN ASSIGNMENTS PARALLEL JOIN_SECONDS SETTLE_SECONDS}. */
    static void run(String[] args) throws Exception {
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err); // stdout is the protocol: nothing else may write there
        String url = args[1];
        String origin = args[2];
        Path assignments = Path.of(args[3]);
        int parallel = Integer.parseInt(args[4]);
        long joinSeconds = Long.parseLong(args[5]);
        long settleSeconds = Long.parseLong(args[6]);

        Histogram latency = new Histogram(TimeUnit.MINUTES.toMicros(5), 3);
        List<Viewer> viewers = new ArrayList<>();
        for (String line : Files.readAllLines(assignments)) {
            String[] parts = line.trim().split(" ");
            if (parts.length == 2) {
                for (int i = 0; i < Integer.parseInt(parts[1]); i++) {
                    viewers.add(new Viewer(parts[0], latency));
                }
            }
        }
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        Semaphore handshakes = new Semaphore(parallel);
        Map<String, AtomicInteger> failures = new ConcurrentHashMap<>();
        long joinDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(joinSeconds);
        List<CompletableFuture<Boolean>> joins = new ArrayList<>(viewers.size());
        for (Viewer viewer : viewers) {
            if (!handshakes.tryAcquire(Math.max(1, joinDeadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                failures.computeIfAbsent("join deadline", k -> new AtomicInteger()).incrementAndGet();
                joins.add(CompletableFuture.completedFuture(false));
                continue;
            }
            CompletableFuture<Boolean> join = client.newWebSocketBuilder().header("Origin", origin).connectTimeout(Duration.ofSeconds(10))
                    .buildAsync(URI.create(url + "/ws/games/" + viewer.gameId), viewer)
                    .thenCompose(socket -> {
                        viewer.socket = socket;
                        return viewer.started.copy().orTimeout(30, TimeUnit.SECONDS);
                    })
                    .handle((ok, error) -> {
                        handshakes.release();
                        if (error != null) {
                            String reason = error.getCause() != null ? error.getCause().toString() : error.toString();
                            failures.computeIfAbsent(shorten(reason), k -> new AtomicInteger()).incrementAndGet();
                            return false;
                        }
                        if (!ok) {
                            failures.computeIfAbsent("closed " + viewer.closeCode + " before a snapshot", k -> new AtomicInteger()).incrementAndGet();
                        }
                        return ok;
                    });
            joins.add(join);
        }
        int joined = 0;
        for (CompletableFuture<Boolean> join : joins) {
            if (join.get()) {
                joined++;
            }
        }
        out.println("READY " + joined + " " + (viewers.size() - joined) + " " + encode(failures));

        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String command = in.readLine();
        Map<String, Long> finals = new HashMap<>();
        Map<String, Map<Long, Long>> published = new HashMap<>();
        Map<String, Map<Long, Long>> readerSaw = new HashMap<>();
        if (command != null && command.startsWith("FINISH ")) {
            for (String line : Files.readAllLines(Path.of(command.substring(7)))) {
                String[] parts = line.trim().split(" ");
                if (parts.length >= 2) {
                    finals.put(parts[0], Long.parseLong(parts[1]));
                }
                if (parts.length == 3) {
                    Map<Long, Long> times = new HashMap<>();
                    Map<Long, Long> seenAt = new HashMap<>();
                    for (String triple : parts[2].split(",")) {
                        String[] f = triple.split(":");
                        times.put(Long.parseLong(f[0]), Long.parseLong(f[1]));
                        seenAt.put(Long.parseLong(f[0]), Long.parseLong(f[2]));
                    }
                    published.put(parts[0], times);
                    readerSaw.put(parts[0], seenAt);
                }
            }
        }
        // Every viewer that joined should reach its game's final version: wait for that, within the settle time.
        long settleDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(settleSeconds);
        for (Viewer viewer : viewers) {
            Long last = finals.get(viewer.gameId);
            while (last != null && viewer.joined() && viewer.closeCode == 0 && viewer.highest() < last
                    && System.nanoTime() < settleDeadline) {
                Thread.sleep(20); // polling a counter the sockets advance; bounded by the settle deadline
            }
        }
        long expected = 0;
        long received = 0;
        long missing = 0;
        long duplicated = 0;
        long outOfOrder = 0;
        long closedEarly = 0;
        Histogram fromStream = new Histogram(TimeUnit.MINUTES.toMicros(5), 3);
        Histogram fromReader = new Histogram(TimeUnit.MINUTES.toMicros(5), 3);
        for (Viewer viewer : viewers) {
            Long last = finals.get(viewer.gameId);
            if (!viewer.joined() || last == null) {
                continue;
            }
            synchronized (viewer) {
                long wanted = Math.max(0, last - viewer.snapshot);
                expected += wanted;
                received += viewer.received;
                duplicated += viewer.duplicated;
                outOfOrder += viewer.outOfOrder;
                int got = viewer.seen.get((int) viewer.snapshot + 1, (int) (last + 1)).cardinality();
                missing += wanted - got;
                Map<Long, Long> times = published.getOrDefault(viewer.gameId, Map.of());
                Map<Long, Long> saw = readerSaw.getOrDefault(viewer.gameId, Map.of());
                for (long v = viewer.snapshot + 1; v <= last && v < viewer.arrivedAt.length; v++) {
                    Long at = times.get(v);
                    long arrived = viewer.arrivedAt[(int) v];
                    if (at != null && arrived != 0) {
                        fromStream.recordValue(Math.max(0, arrived - at * 1000));
                    }
                    Long read = saw.get(v);
                    if (read != null && read > 0 && arrived != 0) {
                        fromReader.recordValue(Math.max(0, arrived - read));
                    }
                }
            }
            if (viewer.closeCode != 0) {
                closedEarly++;
            }
        }
        String histogram;
        synchronized (latency) {
            histogram = encode(latency);
        }
        out.println("RESULT " + expected + " " + received + " " + missing + " " + duplicated + " " + outOfOrder + " "
                + closedEarly + " " + histogram + " " + encode(fromStream) + " " + encode(fromReader));
        List<CompletableFuture<?>> closing = new ArrayList<>();
        for (Viewer viewer : viewers) {
            if (viewer.socket != null && viewer.closeCode == 0) {
                closing.add(viewer.socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").exceptionally(e -> null));
            }
        }
        try {
            CompletableFuture.allOf(closing.toArray(CompletableFuture[]::new)).get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            System.err.println("some sockets did not close in time: " + e);
        }
        System.exit(0);
    }

    static String encode(Histogram histogram) {
        java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return java.util.Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    private static String shorten(String reason) {
        String one = reason.replaceAll("[\\s;=]+", "_");
        return one.length() > 80 ? one.substring(0, 80) : one;
    }

    static String encode(Map<String, AtomicInteger> failures) {
        StringBuilder text = new StringBuilder();
        new TreeMap<>(failures).forEach((reason, n) -> text.append(text.length() == 0 ? "" : ";").append(shorten(reason))
                .append('=').append(n.get()));
        return text.length() == 0 ? "-" : text.toString();
    }
}

package club.pente.chaos;

import club.pente.testinfra.DemoTokens;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;

/**
 * Players looking for a game through matchmaking, over REST through the load balancer's gateway front, as
 * the browser does: each seek by a new guest (a signed guest token), casual, polled every half second (which
 * also keeps it alive) until it is matched or expires; a matched game is resigned by its guest once the game
 * service has it, and the client seeks again. What each look reported is kept for {@link SeekAudit}.
 */
final class SeekClients implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration POLL = Duration.ofMillis(500);

    private final String front;
    private final String namePrefix;
    private final int clients;
    private final BiConsumer<String, String> resign;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Map<String, SeekAudit.Observed> observed = new ConcurrentHashMap<>();
    private final List<String> failures = new CopyOnWriteArrayList<>();
    private final AtomicLong requestFailures = new AtomicLong();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean running = true;

    /** {@code resign(gameId, playerId)} ends a matched game for its guest. */
    SeekClients(String gatewayFront, String namePrefix, int clients, BiConsumer<String, String> resign) {
        this.front = gatewayFront;
        this.namePrefix = namePrefix;
        this.clients = clients;
        this.resign = resign;
    }

    void start() {
        for (int i = 0; i < clients; i++) {
            int n = i;
            Thread t = new Thread(() -> loop(n), "chaos-seeker-" + i);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
    }

    private void loop(int client) {
        int round = 0;
        while (running) {
            DemoTokens.GuestToken guest = DemoTokens.guest(namePrefix + "g" + client + "-" + round++);
            try {
                seekOnce(guest);
            } catch (InterruptedException e) {
                return;
            } catch (Exception e) {
                requestFailures.incrementAndGet();
                note("client " + client + ": " + e);
                pause();
            }
        }
    }

    private void seekOnce(DemoTokens.GuestToken guest) throws Exception {
        HttpResponse<String> opened = send(guest, HttpRequest.newBuilder(uri("/api/matchmaking/seeks"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"mode\":\"CASUAL\",\"timeControl\":\"5+5\"}")));
        if (opened.statusCode() != 201) {
            // The platform is failing over (a 502/503 from the load balancer, matchmaking restarting): try again.
            requestFailures.incrementAndGet();
            note("open: HTTP " + opened.statusCode() + " " + opened.body());
            pause();
            return;
        }
        String seekId = JSON.readTree(opened.body()).path("id").asText();
        Set<String> games = ConcurrentHashMap.newKeySet();
        observed.put(seekId, new SeekAudit.Observed(seekId, guest.id(), games));
        boolean resigned = false;
        while (running) {
            pause();
            HttpResponse<String> look;
            try {
                look = send(guest, HttpRequest.newBuilder(uri("/api/matchmaking/seeks/" + seekId)).GET());
            } catch (java.io.IOException e) {
                requestFailures.incrementAndGet();
                continue; // a gateway gone under us: the next look goes to another
            }
            if (look.statusCode() != 200) {
                requestFailures.incrementAndGet();
                continue;
            }
            JsonNode seek = JSON.readTree(look.body());
            String status = seek.path("status").asText();
            String gameId = seek.path("gameId").asText(null);
            if (gameId != null) {
                games.add(gameId);
            }
            if ("MATCHED".equals(status) && seek.path("gameReady").asBoolean() && !resigned) {
                resign.accept(gameId, guest.id());
                resigned = true;
                return;
            }
            if ("EXPIRED".equals(status) || "CANCELLED".equals(status)) {
                return;
            }
        }
    }

    private HttpResponse<String> send(DemoTokens.GuestToken guest, HttpRequest.Builder request) throws Exception {
        return http.send(request.header("Authorization", "Bearer " + guest.token()).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create(front + path);
    }

    private void pause() {
        try {
            Thread.sleep(POLL.toMillis()); // the client's polling pace, not a synchronisation
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    private void note(String failure) {
        if (failures.size() < 20) {
            failures.add(failure);
        }
    }

    /** What every seek's looks reported so far (copies: the clients go on). */
    List<SeekAudit.Observed> observed() {
        return observed.values().stream().map(o -> new SeekAudit.Observed(o.seekId(), o.playerId(), Set.copyOf(o.gamesSeen()))).toList();
    }

    long requestFailures() {
        return requestFailures.get();
    }

    List<String> failures() {
        return List.copyOf(failures);
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        for (Thread t : threads) {
            t.interrupt();
        }
        for (Thread t : threads) {
            t.join(10_000);
        }
    }
}

package club.pente.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * A spectator's socket on one game through the load balancer's gateway front ({@code /ws/games/{id}}), as a
 * browser holds it: when it closes before the game's end (its gateway died), it reconnects through the load
 * balancer with {@code ?v=<last version it has>} until it is answered, within a deadline. What it received
 * is kept in a {@link SocketRecord} for the audit against the stream.
 */
final class SocketWatcher implements WebSocket.Listener {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String wsBase;
    private final String origin;
    private final HttpClient http;
    private final ScheduledExecutorService scheduler;
    private final IntSupplier phase;
    private final long reconnectDeadlineNanos;
    final SocketRecord record;
    private StringBuilder partial;
    private volatile WebSocket socket;
    private volatile boolean closing;
    private long disconnectedAt;
    private int attempts;

    SocketWatcher(String wsBase, String origin, String gameId, HttpClient http, ScheduledExecutorService scheduler, IntSupplier phase,
                  long reconnectDeadlineNanos) {
        this.wsBase = wsBase;
        this.origin = origin;
        this.http = http;
        this.scheduler = scheduler;
        this.phase = phase;
        this.reconnectDeadlineNanos = reconnectDeadlineNanos;
        this.record = new SocketRecord(gameId);
    }

    void open() {
        connect(null);
    }

    private void connect(Long resumeAfter) {
        URI uri = URI.create(wsBase + "/ws/games/" + record.gameId + (resumeAfter == null ? "" : "?v=" + resumeAfter));
        http.newWebSocketBuilder().header("Origin", origin).connectTimeout(java.time.Duration.ofSeconds(5)).buildAsync(uri, this)
                .whenComplete((ws, error) -> {
                    if (error != null) {
                        retry(resumeAfter, error.toString());
                    } else {
                        socket = ws;
                    }
                });
    }

    private synchronized void retry(Long resumeAfter, String why) {
        if (closing) {
            return;
        }
        if (disconnectedAt == 0) {
            // The very first connection failed: count it like a drop.
            disconnectedAt = System.nanoTime();
        }
        if (System.nanoTime() - disconnectedAt > reconnectDeadlineNanos) {
            record.gaveUp(why);
            return;
        }
        attempts++;
        long delay = Math.min(1000, 100L * attempts);
        scheduler.schedule(() -> connect(resumeAfter), delay, TimeUnit.MILLISECONDS);
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
        try {
            onFrame(JSON.readTree(data.toString()));
        } catch (Exception e) {
            record.unreadable(e.toString());
        }
        webSocket.request(1);
        return null;
    }

    private synchronized void onFrame(JsonNode frame) {
        String type = frame.path("type").asText();
        long now = System.nanoTime();
        switch (type) {
            case "snapshot" -> {
                boolean reconnect = disconnectedAt != 0 && record.started();
                record.snapshot(frame.path("game").path("version").asLong(-1), phase.getAsInt(), reconnect ? now - disconnectedAt : -1);
                connected();
            }
            case "resumed" -> {
                record.resumed(frame.path("from").asLong(-1), phase.getAsInt(), disconnectedAt == 0 ? 0 : now - disconnectedAt);
                connected();
            }
            case "event" -> {
                JsonNode event = frame.path("event");
                record.event(event.path("version").asLong(-1), event.path("eventId").asText(null), event.path("type").asText(), phase.getAsInt());
                if (record.ended()) {
                    finish();
                }
            }
            default -> {
                // presence, spectators, pong: not versioned.
            }
        }
    }

    private void connected() {
        disconnectedAt = 0;
        attempts = 0;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        dropped("closed " + statusCode + " " + reason);
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        dropped(error.toString());
    }

    private synchronized void dropped(String why) {
        if (closing || record.ended()) {
            return;
        }
        socket = null;
        if (disconnectedAt == 0) {
            disconnectedAt = System.nanoTime();
            if (record.started()) {
                record.dropped(phase.getAsInt(), why);
            } else {
                // Closed before its first snapshot (it reached a gateway as that one died): a join tried again, not a drop.
                record.joinRetried(why);
            }
        }
        Long resumeAfter = record.started() ? record.highest() : null;
        retry(resumeAfter, why);
    }

    private synchronized void finish() {
        closing = true;
        WebSocket ws = socket;
        if (ws != null) {
            ws.sendClose(WebSocket.NORMAL_CLOSURE, "game over").exceptionally(e -> null);
        }
    }

    /** The run is over: close without reconnecting. */
    synchronized void close() {
        finish();
    }

    /** True while it waits to be answered again after a drop. */
    synchronized boolean reconnecting() {
        return disconnectedAt != 0 && !closing && !record.gaveUpReason().isPresent();
    }

    static List<SocketRecord> records(List<SocketWatcher> watchers) {
        List<SocketRecord> list = new ArrayList<>();
        watchers.forEach(w -> list.add(w.record));
        return list;
    }
}

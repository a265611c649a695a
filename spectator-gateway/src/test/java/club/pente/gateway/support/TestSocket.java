package club.pente.gateway.support;

import club.pente.core.contract.Contracts;
import com.fasterxml.jackson.databind.JsonNode;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** A browser-like WebSocket client for tests: records every message and how the socket closed. */
public final class TestSocket implements WebSocket.Listener, AutoCloseable {
    private final List<JsonNode> messages = new CopyOnWriteArrayList<>();
    private final CompletableFuture<Integer> closed = new CompletableFuture<>();
    private final StringBuilder partial = new StringBuilder();
    private WebSocket socket;

    public static TestSocket open(String url, String origin) {
        TestSocket listener = new TestSocket();
        WebSocket.Builder builder = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(Duration.ofSeconds(5));
        if (origin != null) {
            builder.header("Origin", origin);
        }
        listener.socket = builder.buildAsync(URI.create(url), listener).orTimeout(10, TimeUnit.SECONDS).join();
        return listener;
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
            try {
                messages.add(Contracts.json().readTree(partial.toString()));
            } catch (Exception e) {
                throw new IllegalStateException("the server sent something that is not JSON: " + partial, e);
            }
            partial.setLength(0);
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        closed.complete(statusCode);
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        closed.complete(-1);
    }

    public void send(String json) {
        socket.sendText(json, true).join();
    }

    /** One message in several frames (a continuation for each part after the first). */
    public void sendFragments(String... parts) {
        for (int i = 0; i < parts.length; i++) {
            socket.sendText(parts[i], i == parts.length - 1).join();
        }
    }

    public List<JsonNode> messages() {
        return List.copyOf(messages);
    }

    public List<JsonNode> ofType(String type) {
        return messages.stream().filter(m -> type.equals(m.path("type").asText())).toList();
    }

    /** Waits (with a deadline) for a message that matches. */
    public JsonNode await(String description, Predicate<JsonNode> matching) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            for (JsonNode message : messages) {
                if (matching.test(message)) {
                    return message;
                }
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError("no message (" + description + ") within 20 s; got " + messages);
    }

    public int awaitClose() {
        return closed.orTimeout(20, TimeUnit.SECONDS).join();
    }

    @Override
    public void close() {
        if (!closed.isDone()) {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye").orTimeout(5, TimeUnit.SECONDS).exceptionally(e -> null).join();
        }
    }
}

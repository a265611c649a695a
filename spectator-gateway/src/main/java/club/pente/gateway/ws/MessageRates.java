package club.pente.gateway.ws;

import io.quarkus.websockets.next.CloseReason;
import io.quarkus.websockets.next.WebSocketConnection;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A token bucket per open socket of one kind: bursts are fine, a flood closes the socket with 1008. */
final class MessageRates {
    static final CloseReason FLOOD = new CloseReason(1008, "too many messages");

    private final double burst;
    private final double perSecond;
    private final Map<String, RateLimit> limits = new ConcurrentHashMap<>();

    MessageRates(double burst, double perSecond) {
        this.burst = burst;
        this.perSecond = perSecond;
    }

    void open(WebSocketConnection connection) {
        limits.put(connection.id(), new RateLimit(burst, perSecond));
    }

    void close(WebSocketConnection connection) {
        limits.remove(connection.id());
    }

    /** False when this message is one too many: the socket is to be closed with {@link #FLOOD}. */
    boolean allow(WebSocketConnection connection) {
        RateLimit limit = limits.get(connection.id());
        return limit == null || limit.allow();
    }
}

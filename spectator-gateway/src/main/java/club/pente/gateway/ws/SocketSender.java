package club.pente.gateway.ws;

import club.pente.gateway.ws.protocol.ServerFrame;
import club.pente.gateway.ws.protocol.SocketCodec;
import club.pente.gateway.ws.protocol.SocketKind;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.websockets.next.CloseReason;
import io.quarkus.websockets.next.WebSocketConnection;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one path for frames that nobody waits for (fan-out, counts, lobby numbers, closes after a failed
 * snapshot). Such a send fails when the client has gone or its buffer is full; that is no error of the
 * gateway's and nothing is retried, but it is never silent: every failure counts in
 * {@code pente.gateway.socket.send.failures{socket=game|lobby}} and is logged at debug, at most once per
 * second per socket kind (a crowd that leaves at once must not flood the log).
 *
 * <p>Frames a handler answers with ({@code ack}, {@code welcome}, {@code error}) are returned as its
 * {@code Uni} instead: their failure goes to the socket's {@code @OnError}.
 */
@ApplicationScoped
public class SocketSender {
    private static final Logger LOG = Logger.getLogger(SocketSender.class);
    private static final long LOG_EVERY_NANOS = 1_000_000_000L;

    private final Map<SocketKind, Counter> failures = new EnumMap<>(SocketKind.class);
    private final Map<SocketKind, AtomicLong> lastLogged = new EnumMap<>(SocketKind.class);

    public SocketSender(MeterRegistry metrics) {
        for (SocketKind kind : SocketKind.values()) {
            failures.put(kind, Counter.builder("pente.gateway.socket.send.failures").tag("socket", kind.tag())
                    .description("frames or closes that could not be sent (the client went away or could not keep up)")
                    .register(metrics));
            lastLogged.put(kind, new AtomicLong(System.nanoTime() - LOG_EVERY_NANOS));
        }
    }

    /** A handler's answer: the handler returns it, so that a failure reaches the socket's {@code @OnError}. */
    Uni<Void> reply(WebSocketConnection connection, ServerFrame frame) {
        return connection.sendText(SocketCodec.encode(frame));
    }

    void send(WebSocketConnection connection, SocketKind kind, ServerFrame frame) {
        send(connection, kind, SocketCodec.encode(frame));
    }

    /** Sends text encoded once for many sockets (a room's event, the lobby's numbers). */
    void send(WebSocketConnection connection, SocketKind kind, String text) {
        deliver(kind, connection.id(), connection.sendText(text));
    }

    /** Sends the frame, then closes with the reason: how a socket is told that there is nothing to watch. */
    void sendThenClose(WebSocketConnection connection, SocketKind kind, String text, CloseReason reason) {
        deliver(kind, connection.id(), connection.sendText(text).chain(() -> connection.close(reason)));
    }

    /** Runs a send (or close) nobody waits for; a failure is counted and logged, never thrown. */
    void deliver(SocketKind kind, String connectionId, Uni<Void> sending) {
        sending.subscribe().with(ok -> { }, failure -> failed(kind, connectionId, failure));
    }

    private void failed(SocketKind kind, String connectionId, Throwable failure) {
        failures.get(kind).increment();
        if (!LOG.isDebugEnabled()) {
            return;
        }
        AtomicLong last = lastLogged.get(kind);
        long now = System.nanoTime();
        long before = last.get();
        if (now - before >= LOG_EVERY_NANOS && last.compareAndSet(before, now)) {
            LOG.debugf("%s socket %s: a frame was not sent (%s); %.0f such failures so far",
                    kind.tag(), connectionId, failure.toString(), failures.get(kind).count());
        }
    }

    /** Frames that could not be sent on sockets of this kind, since start. */
    double failures(SocketKind kind) {
        return failures.get(kind).count();
    }
}

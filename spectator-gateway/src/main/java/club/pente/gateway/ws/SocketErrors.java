package club.pente.gateway.ws;

import io.quarkus.websockets.next.CloseReason;
import io.quarkus.websockets.next.WebSocketConnection;
import io.smallrye.mutiny.Uni;
import org.jboss.logging.Logger;

/**
 * Failures on a socket that are not the server's fault get the close code that says so: a message over
 * {@code quarkus.websockets-next.server.max-message-size} closes with 1009 (Vert.x reports it as an
 * IllegalStateException about the "max message size"); a client that just went away is no error; anything
 * else is an internal error, 1011.
 */
final class SocketErrors {
    private static final Logger LOG = Logger.getLogger(SocketErrors.class);
    static final int TOO_BIG = 1009;

    private SocketErrors() {
    }

    static boolean tooBig(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            String message = cause.getMessage();
            if (cause instanceof IllegalStateException && message != null && message.contains("max message size")) {
                return true;
            }
            if (cause.getClass().getSimpleName().equals("CorruptedWebSocketFrameException")) {
                return true; // a frame over the frame limit: Netty has usually dropped the connection already
            }
        }
        return false;
    }

    static Uni<Void> close(WebSocketConnection connection, Throwable failure) {
        if (tooBig(failure)) {
            LOG.debugf("socket %s sent a message over the size limit", connection.id());
            return closeQuietly(connection, new CloseReason(TOO_BIG, "message too big"));
        }
        if (failure instanceof io.vertx.core.http.HttpClosedException || connection.isClosed()) {
            LOG.debugf("socket %s went away: %s", connection.id(), failure.getMessage());
            return Uni.createFrom().voidItem(); // the client left without a close frame: nothing to answer
        }
        LOG.errorf(failure, "socket %s failed", connection.id());
        return closeQuietly(connection, new CloseReason(1011, "internal error"));
    }

    private static Uni<Void> closeQuietly(WebSocketConnection connection, CloseReason reason) {
        if (connection.isClosed()) {
            return Uni.createFrom().voidItem();
        }
        return connection.close(reason).onFailure().recoverWithNull();
    }
}

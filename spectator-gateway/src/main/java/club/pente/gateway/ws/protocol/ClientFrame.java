package club.pente.gateway.ws.protocol;

/**
 * What a browser may send on a socket, once {@link SocketCodec#decode} has checked it field by field:
 * {@code {"type":"auth","token":...}}, {@code {"type":"ping"}}, and on game sockets
 * {@code {"type":"move","point":"K10","expectedPly":n,"commandId":...}} and {@code {"type":"resign","commandId":...}}.
 * Nothing here names a player: the identity is always the one the socket verified.
 */
public sealed interface ClientFrame {

    /** A token (Keycloak or guest) to verify; the socket counts as that person from then on. */
    record Auth(String token) implements ClientFrame {
    }

    /** Keeps a connection alive through proxies; answered with {@link ServerFrame.Pong}. */
    record Ping() implements ClientFrame {
    }

    /**
     * A stone on {@code point} as move number {@code expectedPly}; {@code commandId} is the client's (so
     * that a retried move is recognised) or a fresh one when it sent none.
     */
    record Move(String point, int expectedPly, String commandId) implements ClientFrame {
    }

    /**
     * A resignation. {@code commandId} is only checked (a bad one is refused): the command sent carries an
     * id made by the gateway (see {@code GameSocket}).
     */
    record Resign(String commandId) implements ClientFrame {
    }
}

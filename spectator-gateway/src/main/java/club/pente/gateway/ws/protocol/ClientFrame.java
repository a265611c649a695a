package club.pente.gateway.ws.protocol;

import club.pente.core.contract.OfferKind;

/**
 * What a browser may send on a socket, once {@link SocketCodec#decode} has checked it field by field:
 * {@code {"type":"auth","token":...}}, {@code {"type":"ping"}}, and on game sockets
 * {@code {"type":"move","point":"K10","expectedPly":n,"commandId":...}}, {@code {"type":"resign","commandId":...}},
 * and at the table {@code offer}, {@code answer}, {@code abort}, {@code claim} and {@code chat}.
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

    /** A draw offer or a takeback request; {@code commandId} is the client's or a fresh one. */
    record Offer(OfferKind kind, String commandId) implements ClientFrame {
    }

    /** The answer to the opponent's pending offer of {@code kind}. {@code commandId} is only checked, as for {@link Resign}. */
    record Answer(OfferKind kind, boolean accept, String commandId) implements ClientFrame {
    }

    /** Calling the game off in its first two plies. {@code commandId} is only checked, as for {@link Resign}. */
    record Abort(String commandId) implements ClientFrame {
    }

    /** Claiming the win from an absent opponent. {@code commandId} is only checked, as for {@link Resign}. */
    record Claim(String commandId) implements ClientFrame {
    }

    /** A chat message (1 to PostChat.MAX_TEXT characters, no control characters); the channel is the gateway's choice. */
    record Chat(String text, String commandId) implements ClientFrame {
    }
}

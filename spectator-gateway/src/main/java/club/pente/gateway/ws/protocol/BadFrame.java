package club.pente.gateway.ws.protocol;

/**
 * A frame the socket refuses, with the reason the client is told ({@code {"type":"error","message":...}}).
 * {@link Kind} says how far it got, because sockets answer the kinds differently: a game socket counts
 * unreadable frames and unknown types towards closing it, not a well-typed frame with a bad field.
 */
public final class BadFrame extends Exception {
    public enum Kind {
        /** Not a JSON object with a string type (or over the size limit). */
        UNREADABLE,
        /** A type this socket does not take. */
        UNKNOWN_TYPE,
        /** A known type with a missing, wrong-typed or out-of-range field. */
        BAD_FIELD
    }

    private final Kind kind;

    BadFrame(Kind kind, String reason) {
        super(reason, null, false, false);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}

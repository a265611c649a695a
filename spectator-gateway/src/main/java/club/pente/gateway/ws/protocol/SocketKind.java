package club.pente.gateway.ws.protocol;

import java.util.Set;

/** The gateway's two sockets, with the frame types each takes from a browser; also the tag of their metrics. */
public enum SocketKind {
    /** {@code /ws/games/{id}}: watch, and play when the verified identity is a player. */
    GAME("game", Set.of("auth", "ping", "move", "resign", "offer", "answer", "abort", "claim", "chat")),
    /** {@code /ws/lobby}: numbers and personal notifications. */
    LOBBY("lobby", Set.of("auth", "ping"));

    private final String tag;
    private final Set<String> accepts;

    SocketKind(String tag, Set<String> accepts) {
        this.tag = tag;
        this.accepts = accepts;
    }

    public String tag() {
        return tag;
    }

    boolean accepts(String type) {
        return accepts.contains(type);
    }
}

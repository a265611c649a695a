package club.pente.game.rest;

/**
 * A bot's move. {@code expectedPly} (the ply this move would be) defaults to the next one as the server
 * sees it; {@code commandId} lets a client retry safely: the same id never plays twice.
 */
public record MoveRequest(String point, Integer expectedPly, String commandId) {
}

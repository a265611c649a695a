package club.pente.matchmaking.domain;

/**
 * Why matchmaking created a game; also the origin its GameReady notifications name. Each constant's name
 * is its spelling in {@code games.origin}.
 */
public enum GameOrigin {
    SEEK, INVITATION, MATCH, REMATCH, COMPUTER
}

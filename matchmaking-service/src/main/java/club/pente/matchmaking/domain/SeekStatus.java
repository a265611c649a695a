package club.pente.matchmaking.domain;

/**
 * A seek's life: waiting for an opponent, then matched into a game, cancelled by its player, or expired
 * (nobody polled it). Each constant's name is its spelling in {@code seeks.status}.
 */
public enum SeekStatus {
    WAITING, MATCHED, CANCELLED, EXPIRED
}

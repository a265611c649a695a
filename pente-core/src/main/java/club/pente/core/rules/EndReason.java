package club.pente.core.rules;

/**
 * Why a game ended. The first three come from the board; the others from the platform
 * (clocks, players, admins) and never from {@link Position}. {@code AGREEMENT} is a draw both players accepted;
 * {@code FORFEIT} a loss staff imposed on a suspended player. {@code FIVE_CAPTURES} is any win by captures (five pairs
 * in Pente, fifteen stones in Keryo). {@code NO_SHOW} is a tournament game lost by the player who never made a first move.
 */
public enum EndReason {
    FIVE_IN_A_ROW, FIVE_CAPTURES, BOARD_FULL, RESIGNATION, TIMEOUT, ABANDONMENT, ABORTED, AGREEMENT, FORFEIT, NO_SHOW
}

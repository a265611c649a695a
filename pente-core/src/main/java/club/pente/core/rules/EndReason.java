package club.pente.core.rules;

/**
 * Why a game ended. The first three come from the board; the others from the platform
 * (clocks, players, admins) and never from {@link Position}. {@code AGREEMENT} is a draw both players accepted;
 * {@code FORFEIT} a loss staff imposed on a suspended player.
 */
public enum EndReason {
    FIVE_IN_A_ROW, FIVE_CAPTURES, BOARD_FULL, RESIGNATION, TIMEOUT, ABANDONMENT, ABORTED, AGREEMENT, FORFEIT
}

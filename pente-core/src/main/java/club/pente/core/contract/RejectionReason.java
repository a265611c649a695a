package club.pente.core.contract;

import club.pente.core.rules.MoveError;

/** Why the authority refused a command; the rules' own reasons come first. */
public enum RejectionReason {
    GAME_OVER, OFF_BOARD, OCCUPIED, FIRST_MOVE_NOT_CENTRE, TOURNAMENT_RULE,
    BAD_NOTATION, NOT_YOUR_TURN, STALE_PLY, NOT_A_PLAYER, UNKNOWN_GAME, GAME_EXISTS, FORBIDDEN;

    public static RejectionReason of(MoveError error) {
        return valueOf(error.name());
    }
}

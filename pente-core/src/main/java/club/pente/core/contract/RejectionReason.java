package club.pente.core.contract;

import club.pente.core.rules.MoveError;

/** Why the authority refused a command; the rules' own reasons come first. */
public enum RejectionReason {
    GAME_OVER, OFF_BOARD, OCCUPIED, FIRST_MOVE_NOT_CENTRE, TOURNAMENT_RULE,
    BAD_NOTATION, NOT_YOUR_TURN, STALE_PLY, NOT_A_PLAYER, UNKNOWN_GAME, GAME_EXISTS, FORBIDDEN,
    /** An offer is already pending, or there is none of that kind to answer. */
    OFFER_PENDING, NO_OFFER,
    /** Too late for this (a player's abort after two plies, a chat long after the end), or nothing to take back. */
    TOO_LATE,
    /** A win by abandonment claimed while the opponent is not the one to move. */
    NOT_ABANDONED,
    /** No chat message with that id in this game, or the game's chat is full. */
    UNKNOWN_MESSAGE, CHAT_FULL,
    /** The player is suspended (no moves in games created since), or muted (no chat). */
    SUSPENDED, MUTED,
    /** An annulment of a game still being played, or of one already annulled. */
    NOT_FINISHED, ALREADY_ANNULLED;

    public static RejectionReason of(MoveError error) {
        return valueOf(error.name());
    }
}

package club.pente.core.rules;

/** Why a move is refused by the rules, with a message a person can read. */
public enum MoveError {
    GAME_OVER("the game is over"),
    OFF_BOARD("the point is not on the 19x19 board"),
    OCCUPIED("the point is occupied"),
    FIRST_MOVE_NOT_CENTRE("the first move must be on K10"),
    TOURNAMENT_RULE("white's second stone must be at least three intersections from K10 (outside H8-M12)");

    private final String message;

    MoveError(String message) {
        this.message = message;
    }

    public String message() {
        return message;
    }
}

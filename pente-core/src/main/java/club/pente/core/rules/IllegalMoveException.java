package club.pente.core.rules;

public final class IllegalMoveException extends RuntimeException {
    private final MoveError error;

    public IllegalMoveException(MoveError error, String detail) {
        super(detail == null ? error.message() : detail + ": " + error.message());
        this.error = error;
    }

    public MoveError error() {
        return error;
    }
}

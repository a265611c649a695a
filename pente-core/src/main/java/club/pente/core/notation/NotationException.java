package club.pente.core.notation;

public final class NotationException extends IllegalArgumentException {
    public NotationException(String message) {
        super(message);
    }
}

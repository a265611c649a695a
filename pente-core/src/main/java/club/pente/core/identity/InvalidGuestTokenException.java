package club.pente.core.identity;

public final class InvalidGuestTokenException extends RuntimeException {
    public InvalidGuestTokenException(String reason) {
        super("invalid guest token: " + reason);
    }
}

package club.pente.matchmaking.application;

/** A quota was reached (429): nothing was changed; {@link #retryAfterSeconds()} goes into Retry-After. */
public class TooManyRequestsException extends ApiException {
    private final long retryAfterSeconds;

    public TooManyRequestsException(String error, String message, long retryAfterSeconds) {
        super(429, error, message);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}

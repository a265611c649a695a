package club.pente.kit.rest;

import java.util.OptionalLong;

/**
 * A refusal an application decides on: thrown anywhere below a resource, answered as {@link ApiError}
 * with its status (and {@code Retry-After} where a quota says when to come back).
 */
public class ApiException extends RuntimeException {
    private final int status;
    private final String error;
    private final OptionalLong retryAfterSeconds;

    public ApiException(int status, String error, String message) {
        this(status, error, message, OptionalLong.empty());
    }

    protected ApiException(int status, String error, String message, OptionalLong retryAfterSeconds) {
        super(message, null, false, false);
        this.status = status;
        this.error = error;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public int status() {
        return status;
    }

    public String error() {
        return error;
    }

    public OptionalLong retryAfterSeconds() {
        return retryAfterSeconds;
    }

    public static ApiException badRequest(String error, String message) {
        return new ApiException(400, error, message);
    }

    public static ApiException forbidden(String error, String message) {
        return new ApiException(403, error, message);
    }

    public static ApiException notFound(String error, String message) {
        return new ApiException(404, error, message);
    }

    public static ApiException conflict(String error, String message) {
        return new ApiException(409, error, message);
    }

    public static ApiException gone(String error, String message) {
        return new ApiException(410, error, message);
    }

    public static ApiException tooManyRequests(String error, String message, long retryAfterSeconds) {
        return new ApiException(429, error, message, OptionalLong.of(retryAfterSeconds));
    }
}

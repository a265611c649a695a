package club.pente.matchmaking.application;

/** A refusal with an HTTP status, a machine-readable code and a sentence; nothing was changed. */
public class ApiException extends RuntimeException {
    private final int status;
    private final String error;

    public ApiException(int status, String error, String message) {
        super(message);
        this.status = status;
        this.error = error;
    }

    public int status() {
        return status;
    }

    public String error() {
        return error;
    }

    public static ApiException notFound(String error, String message) {
        return new ApiException(404, error, message);
    }

    public static ApiException forbidden(String error, String message) {
        return new ApiException(403, error, message);
    }

    public static ApiException conflict(String error, String message) {
        return new ApiException(409, error, message);
    }

    public static ApiException gone(String error, String message) {
        return new ApiException(410, error, message);
    }
}

package club.pente.gateway.rest;

/** Error body, the same shape as the services'. */
public record ApiError(String error, String message) {
}

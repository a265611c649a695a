package club.pente.kit.rest;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** The body of every refusal of every service: a machine-readable code and a sentence for people. */
public record ApiError(String error, String message) {

    public static Response response(int status, String error, String message) {
        return Response.status(status).entity(new ApiError(error, message)).type(MediaType.APPLICATION_JSON).build();
    }

    /** A 401 with the bearer challenge: no token, or one that proves no usable identity. */
    public static Response challenge(String message) {
        return Response.fromResponse(response(401, "UNAUTHENTICATED", message)).header(HttpHeaders.WWW_AUTHENTICATE, "Bearer").build();
    }

    public static Response response(Response.Status status, String error, String message) {
        return response(status.getStatusCode(), error, message);
    }
}

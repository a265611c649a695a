package club.pente.ai.rest;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** The body of every refusal: a machine-readable code and a sentence for people. */
public record ApiError(String error, String message) {

    static Response response(int status, String error, String message) {
        return Response.status(status).entity(new ApiError(error, message)).type(MediaType.APPLICATION_JSON).build();
    }
}

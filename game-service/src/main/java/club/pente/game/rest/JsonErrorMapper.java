package club.pente.game.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Malformed bodies and other framework-level refusals get the API's error shape and a reason. */
public class JsonErrorMapper {

    @ServerExceptionMapper
    public Response malformed(JsonProcessingException e) {
        return ApiError.response(Response.Status.BAD_REQUEST, "MALFORMED_JSON", e.getOriginalMessage());
    }

    @ServerExceptionMapper
    public Response refused(WebApplicationException e) {
        Response response = e.getResponse();
        if (response.hasEntity()) {
            return response;
        }
        if (e.getCause() instanceof JsonProcessingException json) {
            return malformed(json);
        }
        int status = response.getStatus();
        String message = e.getMessage() == null ? Response.Status.fromStatusCode(status).getReasonPhrase() : e.getMessage();
        return ApiError.response(status, status == 400 ? "BAD_REQUEST" : "HTTP_" + status, message);
    }
}

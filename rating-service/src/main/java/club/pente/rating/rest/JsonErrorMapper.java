package club.pente.rating.rest;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Framework-level refusals (unknown path, wrong method, ...) get the API's error shape. */
public class JsonErrorMapper {

    @ServerExceptionMapper
    public Response refused(WebApplicationException e) {
        Response response = e.getResponse();
        if (response.hasEntity()) {
            return response;
        }
        int status = response.getStatus();
        String message = e.getMessage() == null ? Response.Status.fromStatusCode(status).getReasonPhrase() : e.getMessage();
        return ApiError.response(status, status == 400 ? "BAD_REQUEST" : "HTTP_" + status, message);
    }
}

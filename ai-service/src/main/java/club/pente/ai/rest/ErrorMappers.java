package club.pente.ai.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Every refusal in the API's error shape {@code {error, message}}. */
public class ErrorMappers {

    @ServerExceptionMapper
    public Response malformed(JsonProcessingException e) {
        return ApiError.response(400, "MALFORMED_JSON", "the body is not valid JSON");
    }

    @ServerExceptionMapper
    public Response unauthenticated(AuthenticationFailedException e) {
        return challenge("the bearer token is missing, expired or not signed by a trusted issuer");
    }

    @ServerExceptionMapper
    public Response unauthorized(UnauthorizedException e) {
        return challenge("a bearer token (Keycloak account or guest) is required");
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e) {
        return ApiError.response(403, "FORBIDDEN", "your roles do not allow this");
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
        String message = status == 400 ? "bad request" : Response.Status.fromStatusCode(status) == null
                ? "HTTP " + status : Response.Status.fromStatusCode(status).getReasonPhrase();
        return ApiError.response(status, status == 400 ? "BAD_REQUEST" : "HTTP_" + status, message);
    }

    static Response challenge(String message) {
        return Response.fromResponse(ApiError.response(401, "UNAUTHENTICATED", message))
                .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer").build();
    }
}

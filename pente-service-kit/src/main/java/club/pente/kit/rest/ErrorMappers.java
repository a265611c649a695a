package club.pente.kit.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Every refusal of every service in the one error shape {@code {error, message}}. */
public class ErrorMappers {

    @ServerExceptionMapper
    public Response refused(ApiException e) {
        Response response = ApiError.response(e.status(), e.error(), e.getMessage());
        if (e.retryAfterSeconds().isPresent()) {
            return Response.fromResponse(response).header(HttpHeaders.RETRY_AFTER, e.retryAfterSeconds().getAsLong()).build();
        }
        return response;
    }

    @ServerExceptionMapper
    public Response malformed(JsonProcessingException e) {
        return ApiError.response(400, "MALFORMED_JSON", e.getOriginalMessage());
    }

    /** Wrong types (a word where a number belongs): Quarkus has its own mapper for these; ours answers in the API's shape. */
    @ServerExceptionMapper
    public Response mismatched(MismatchedInputException e) {
        return malformed(e);
    }

    @ServerExceptionMapper
    public Response unauthenticated(AuthenticationFailedException e) {
        return ApiError.challenge("the bearer token is missing, expired or not signed by a trusted issuer");
    }

    @ServerExceptionMapper
    public Response unauthorized(UnauthorizedException e) {
        return ApiError.challenge("a bearer token (Keycloak account or guest) is required");
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e) {
        return ApiError.response(403, "FORBIDDEN", "your roles do not allow this");
    }

    /** Framework-level refusals (unknown path, wrong method, unsupported type, ...) get the API's shape too. */
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
        Response.Status known = Response.Status.fromStatusCode(status);
        String message = e.getMessage() != null ? e.getMessage() : known != null ? known.getReasonPhrase() : "HTTP " + status;
        return ApiError.response(status, status == 400 ? "BAD_REQUEST" : "HTTP_" + status, message);
    }
}

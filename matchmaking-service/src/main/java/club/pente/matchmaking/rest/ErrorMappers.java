package club.pente.matchmaking.rest;

import club.pente.matchmaking.application.ApiException;
import club.pente.matchmaking.application.TooManyRequestsException;
import club.pente.matchmaking.domain.BadRequestException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
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
    public Response api(ApiException e) {
        if (e instanceof TooManyRequestsException quota) {
            return Response.status(429).header(HttpHeaders.RETRY_AFTER, quota.retryAfterSeconds())
                    .entity(new ApiError(e.error(), e.getMessage())).type("application/json").build();
        }
        return ApiError.response(e.status(), e.error(), e.getMessage());
    }

    @ServerExceptionMapper
    public Response badInput(BadRequestException e) {
        return ApiError.response(400, e.code(), e.getMessage());
    }

    @ServerExceptionMapper
    public Response malformed(JsonProcessingException e) {
        return ApiError.response(400, "MALFORMED_JSON", e.getOriginalMessage());
    }

    /** Wrong types (a word where a number belongs): Quarkus has its own mapper for these; ours answers in the API's shape. */
    @ServerExceptionMapper
    public Response mismatched(MismatchedInputException e) {
        return ApiError.response(400, "MALFORMED_JSON", e.getOriginalMessage());
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
        String message = e.getMessage() == null ? Response.Status.fromStatusCode(status).getReasonPhrase() : e.getMessage();
        return ApiError.response(status, status == 400 ? "BAD_REQUEST" : "HTTP_" + status, message);
    }

    private static Response challenge(String message) {
        return Response.status(401).header(HttpHeaders.WWW_AUTHENTICATE, "Bearer")
                .entity(new ApiError("UNAUTHENTICATED", message)).type("application/json").build();
    }
}

package club.pente.matchmaking.rest;

import club.pente.kit.rest.ApiError;
import club.pente.matchmaking.application.ApiException;
import club.pente.matchmaking.application.TooManyRequestsException;
import club.pente.matchmaking.domain.BadRequestException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** This service's own refusals in the kit's error shape; the kit's ErrorMappers answer everything else. */
public class ErrorMappers {

    @ServerExceptionMapper
    public Response api(ApiException e) {
        Response response = ApiError.response(e.status(), e.error(), e.getMessage());
        if (e instanceof TooManyRequestsException quota) {
            return Response.fromResponse(response).header(HttpHeaders.RETRY_AFTER, quota.retryAfterSeconds()).build();
        }
        return response;
    }

    @ServerExceptionMapper
    public Response badInput(BadRequestException e) {
        return ApiError.response(400, e.code(), e.getMessage());
    }
}

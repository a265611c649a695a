package club.pente.matchmaking.rest;

import club.pente.kit.rest.ApiError;
import club.pente.matchmaking.domain.BadRequestException;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** The domain's refusals of bad input in the kit's error shape; the kit's ErrorMappers answer everything else. */
public class ErrorMappers {

    @ServerExceptionMapper
    public Response badInput(BadRequestException e) {
        return ApiError.response(400, e.code(), e.getMessage());
    }
}

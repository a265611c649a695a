package club.pente.game.rest;

import club.pente.core.contract.Ids;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.util.List;
import java.util.Map;

/**
 * Every id in a path is checked before a resource sees it: a NUL byte or an over-long id is a 400 here
 * instead of a database error.
 */
public class PathIdFilter {

    @ServerRequestFilter
    public Response checkIds(ContainerRequestContext request) {
        for (Map.Entry<String, List<String>> parameter : request.getUriInfo().getPathParameters().entrySet()) {
            for (String value : parameter.getValue()) {
                if (!Ids.isId(value)) {
                    return Response.status(Response.Status.BAD_REQUEST).type(MediaType.APPLICATION_JSON)
                            .entity(new ApiError("BAD_ID", parameter.getKey() + " must be 1 to " + Ids.MAX_ID + " printable ASCII characters"))
                            .build();
                }
            }
        }
        return null;
    }
}

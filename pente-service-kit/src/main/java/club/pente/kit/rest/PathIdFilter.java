package club.pente.kit.rest;

import club.pente.core.contract.Ids;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.util.List;
import java.util.Map;

/**
 * Every path parameter of every service is checked as an id ({@link Ids#isId}) before a resource sees
 * it: a NUL byte, a non-ASCII character or an over-long id is a 400 here instead of a database error.
 * The body has the services' error shape ({@code error}, {@code message}).
 */
public class PathIdFilter {

    @ServerRequestFilter
    public Response checkIds(ContainerRequestContext request) {
        for (Map.Entry<String, List<String>> parameter : request.getUriInfo().getPathParameters().entrySet()) {
            if (!isIdName(parameter.getKey())) {
                continue;
            }
            for (String value : parameter.getValue()) {
                if (!Ids.isId(value)) {
                    return Response.status(Response.Status.BAD_REQUEST).type(MediaType.APPLICATION_JSON)
                            .entity(new ApiError("BAD_ID",
                                    parameter.getKey() + " must be 1 to " + Ids.MAX_ID + " printable ASCII characters"))
                            .build();
                }
            }
        }
        return null;
    }

    /** Parameters named as ids: {@code id}, {@code code}, {@code gameId}, ... (not e.g. a proxied rest of a path). */
    static boolean isIdName(String name) {
        return name.equals("id") || name.equals("code") || name.endsWith("Id");
    }
}

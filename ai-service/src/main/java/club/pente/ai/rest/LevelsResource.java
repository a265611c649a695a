package club.pente.ai.rest;

import club.pente.kit.rest.ApiError;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The computer's levels with their measured Elo: ai-engine's {@value #RESOURCE}, written by the match runner
 * from a round-robin, served as is. Without it (or if it is not JSON) a 503: no figure here is made up.
 */
@Path("/api/ai/levels")
@Produces(MediaType.APPLICATION_JSON)
public class LevelsResource {
    static final String RESOURCE = "club/pente/ai/engine/levels.json";
    /** Read once: the file is part of the engine's jar and changes only with a new build. */
    private final String levels = load();

    @GET
    @PermitAll
    @Operation(summary = "The computer's levels and their Elo estimates with error bars from the match runner's round-robin (no token needed)")
    @APIResponse(responseCode = "503", description = "LEVELS_UNKNOWN: this build has no measured ladder")
    public Response levels() {
        if (levels == null) {
            return ApiError.response(503, "LEVELS_UNKNOWN", "the levels of this build have not been measured");
        }
        return Response.ok(levels).header("Cache-Control", "public, max-age=3600").build();
    }

    static String load() {
        try (InputStream in = LevelsResource.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return null;
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new ObjectMapper().readTree(text).isObject() ? text : null;
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package club.pente.gateway.rest;

import club.pente.core.identity.GuestTokens;
import club.pente.gateway.identity.GuestKeys;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;

/** A visitor becomes a guest: a signed identity that services accept for casual and computer games. */
@Path("/api/guests")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class GuestResource {
    static final Duration LIFETIME = Duration.ofHours(24);

    public record GuestRequest(String name) {
    }

    public record GuestResponse(String token, String id, String name, Instant expiresAt) {
    }

    private final GuestKeys keys;

    public GuestResource(GuestKeys keys) {
        this.keys = keys;
    }

    @POST
    @Operation(summary = "Continue as a guest: returns a signed guest token")
    public Response create(GuestRequest request) {
        String name = request == null || request.name() == null || request.name().isBlank()
                ? "Guest " + (1000 + ThreadLocalRandom.current().nextInt(9000))
                : request.name().strip();
        if (name.length() > 24 || !name.matches("[\\p{L}\\p{N} _.-]+")) {
            return Response.status(400).entity(new ApiError("BAD_NAME", "a name is 1 to 24 letters, digits, spaces, _ . or -")).build();
        }
        Instant now = Instant.now();
        String token = GuestTokens.issue(keys.privateKey(), name, LIFETIME, now);
        GuestTokens.Guest guest = GuestTokens.verify(keys.publicKey(), token, now);
        return Response.ok(new GuestResponse(token, guest.id(), guest.name(), guest.expiresAt())).build();
    }
}

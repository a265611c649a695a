package club.pente.gateway.rest;

import club.pente.kit.rest.ApiError;
import club.pente.gateway.http.ClientAddress;
import club.pente.gateway.identity.GuestSigner;
import club.pente.identity.RateLimiter;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import club.pente.gateway.EdgeSettings;
import org.eclipse.microprofile.openapi.annotations.Operation;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A visitor becomes a guest: a signed identity that services accept for casual and computer games. A
 * person needs one a day; so many per minute from one address (pente.guest.issue.per-minute) are plenty
 * for a household or a classroom, and beyond that the answer is 429 with Retry-After.
 */
@Path("/api/guests")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class GuestResource {
    static final Duration LIFETIME = Duration.ofHours(24);

    public record GuestRequest(String name) {
    }

    public record GuestResponse(String token, String id, String name, Instant expiresAt) {
    }

    private final GuestSigner signer;
    private final RateLimiter perAddress;

    public GuestResource(GuestSigner signer, EdgeSettings settings) {
        int perMinute = settings.guest().issue().perMinute();
        this.signer = signer;
        this.perAddress = new RateLimiter(perMinute, Duration.ofMinutes(1));
    }

    @POST
    @Operation(summary = "Continue as a guest: returns a signed guest token (429 with Retry-After when one address asks too often)")
    public Response create(GuestRequest request, @Context HttpServerRequest http) {
        String name = request == null || request.name() == null || request.name().isBlank()
                ? "Guest " + (1000 + ThreadLocalRandom.current().nextInt(9000))
                : request.name().strip();
        if (name.length() > 24 || !name.matches("[\\p{L}\\p{N} _.-]+")) {
            return Response.status(400).entity(new ApiError("BAD_NAME", "a name is 1 to 24 letters, digits, spaces, _ . or -")).build();
        }
        String address = ClientAddress.of(http); // an IPv6 client counts per /64, as for every other limit
        Optional<Duration> wait = perAddress.tryAcquire(address);
        if (wait.isPresent()) {
            return Response.status(429).header(HttpHeaders.RETRY_AFTER, RateLimiter.retryAfterSeconds(wait.get()))
                    .entity(new ApiError("TOO_MANY_GUESTS", "at most " + perAddress.limit()
                            + " guest identities a minute from one address; try again later")).build();
        }
        GuestSigner.Signed guest = signer.newGuest(name, LIFETIME);
        return Response.ok(new GuestResponse(guest.token(), guest.id(), guest.name(), guest.expiresAt())).build();
    }
}

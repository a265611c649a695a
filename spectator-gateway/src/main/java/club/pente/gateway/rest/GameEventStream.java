package club.pente.gateway.rest;

import club.pente.kit.rest.ApiError;
import club.pente.core.contract.Ids;
import club.pente.gateway.http.ClientAddress;
import club.pente.gateway.quota.Quotas;
import club.pente.gateway.ws.GameStreams;
import club.pente.gateway.ws.protocol.ServerFrame;
import club.pente.gateway.ws.protocol.SocketCodec;
import io.smallrye.mutiny.Multi;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.jboss.resteasy.reactive.RestStreamElementType;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code curl -N http://localhost:8080/api/games/{id}/events}: the game's snapshot, then every event as
 * it happens, as server-sent events. For anyone who wants to watch without a browser. A stream holds a
 * connection like a socket and counts against the same per-address limit.
 */
@Path("/api/games/{id}/events")
public class GameEventStream {
    private final GameStreams streams;
    private final Quotas quotas;

    public GameEventStream(GameStreams streams, Quotas quotas) {
        this.streams = streams;
        this.quotas = quotas;
    }

    @GET
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @RestStreamElementType(MediaType.APPLICATION_JSON)
    @Operation(summary = "Watch a game: its snapshot, then its events live (server-sent events)")
    public Multi<String> stream(@PathParam("id") String id, @Context HttpServerRequest request) {
        if (!Ids.isId(id)) {
            throw refused(400, "BAD_ID", "a game id is 1 to " + Ids.MAX_ID + " printable ASCII characters");
        }
        String address = ClientAddress.of(request);
        if (!quotas.socketsPerAddress().hasRoom(address)) {
            throw refused(429, "TOO_MANY_CONNECTIONS", "too many open sockets and streams from this address");
        }
        return Multi.createFrom().<String>emitter(emitter -> {
            // The place is taken when the stream starts, so that it is given back exactly once when it ends.
            if (!quotas.socketsPerAddress().tryAcquire(address)) {
                emitter.emit(SocketCodec.encode(new ServerFrame.Error("too many open sockets and streams from this address")));
                emitter.complete();
                return;
            }
            // The room's snapshot (fetched once per game, shared with its sockets), then its events:
            // the room sends each version once and in order, as it does to sockets.
            AtomicReference<GameStreams.Stream> stream = new AtomicReference<>();
            AtomicBoolean ended = new AtomicBoolean();
            emitter.onTermination(() -> {
                ended.set(true);
                GameStreams.Stream listening = stream.getAndSet(null);
                if (listening != null) {
                    streams.remove(listening);
                }
                quotas.socketsPerAddress().release(address);
            });
            stream.set(streams.add(id, emitter::emit, emitter::complete));
            if (ended.get()) { // ended while it was being added
                GameStreams.Stream listening = stream.getAndSet(null);
                if (listening != null) {
                    streams.remove(listening);
                }
            }
        });
    }

    private static WebApplicationException refused(int status, String error, String message) {
        return new WebApplicationException(Response.status(status).type(MediaType.APPLICATION_JSON)
                .entity(new ApiError(error, message)).build());
    }

}

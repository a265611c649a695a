package club.pente.gateway.rest;

import club.pente.core.contract.Ids;
import club.pente.gateway.http.ClientAddress;
import club.pente.gateway.quota.Quotas;
import club.pente.gateway.ws.GameSockets;
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
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.resteasy.reactive.RestStreamElementType;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code curl -N http://localhost:8080/api/games/{id}/events}: the game's snapshot, then every event as
 * it happens, as server-sent events. For anyone who wants to watch without a browser. A stream holds a
 * connection like a socket and counts against the same per-address limit.
 */
@Path("/api/games/{id}/events")
public class GameEventStream {
    private final GameSockets games;
    private final GameServiceClient gameService;
    private final Quotas quotas;

    public GameEventStream(GameSockets games, @RestClient GameServiceClient gameService, Quotas quotas) {
        this.games = games;
        this.gameService = gameService;
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
                emitter.emit("{\"type\":\"error\",\"message\":\"too many open sockets and streams from this address\"}");
                emitter.complete();
                return;
            }
            // Listen before reading the snapshot; events that arrive meanwhile wait, and those the
            // snapshot already contains are dropped, so nothing is lost or repeated.
            Object lock = new Object();
            List<String> pending = new ArrayList<>();
            long[] sentVersion = {-1};
            Consumer<String> listener = json -> {
                synchronized (lock) {
                    if (sentVersion[0] < 0) {
                        pending.add(json);
                    } else if (GameSockets.parse(json).path("version").asLong() > sentVersion[0]) {
                        sentVersion[0] = GameSockets.parse(json).path("version").asLong();
                        emitter.emit(event(json));
                    }
                }
            };
            games.addStream(id, listener);
            emitter.onTermination(() -> {
                games.removeStream(id, listener);
                quotas.socketsPerAddress().release(address);
            });
            gameService.game(id).subscribe().with(game -> {
                synchronized (lock) {
                    emitter.emit("{\"type\":\"snapshot\",\"game\":" + game + "}");
                    sentVersion[0] = game.path("version").asLong();
                    for (String json : pending) {
                        long version = GameSockets.parse(json).path("version").asLong();
                        if (version > sentVersion[0]) {
                            sentVersion[0] = version;
                            emitter.emit(event(json));
                        }
                    }
                    pending.clear();
                }
            }, failure -> {
                emitter.emit("{\"type\":\"error\",\"message\":\"no such game or the game service does not answer\"}");
                emitter.complete();
            });
        });
    }

    private static WebApplicationException refused(int status, String error, String message) {
        return new WebApplicationException(Response.status(status).type(MediaType.APPLICATION_JSON)
                .entity(new ApiError(error, message)).build());
    }

    private static String event(String json) {
        return "{\"type\":\"event\",\"event\":" + json + "}";
    }
}

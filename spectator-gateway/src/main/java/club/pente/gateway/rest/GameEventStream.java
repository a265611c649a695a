package club.pente.gateway.rest;

import club.pente.gateway.ws.GameSockets;
import io.smallrye.mutiny.Multi;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.resteasy.reactive.RestStreamElementType;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code curl -N http://localhost:8080/api/games/{id}/events}: the game's snapshot, then every event as
 * it happens, as server-sent events. For anyone who wants to watch without a browser.
 */
@Path("/api/games/{id}/events")
public class GameEventStream {
    private final GameSockets games;
    private final GameServiceClient gameService;

    public GameEventStream(GameSockets games, @RestClient GameServiceClient gameService) {
        this.games = games;
        this.gameService = gameService;
    }

    @GET
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @RestStreamElementType(MediaType.APPLICATION_JSON)
    @Operation(summary = "Watch a game: its snapshot, then its events live (server-sent events)")
    public Multi<String> stream(@PathParam("id") String id) {
        return Multi.createFrom().emitter(emitter -> {
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
            emitter.onTermination(() -> games.removeStream(id, listener));
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

    private static String event(String json) {
        return "{\"type\":\"event\",\"event\":" + json + "}";
    }
}

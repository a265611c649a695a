package club.pente.matchmaking.rest;

import club.pente.matchmaking.persistence.SeekEntity;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Lobby numbers, also published as LobbyCounts on the matchmaking events topic when they change. */
@Path("/api/matchmaking/lobby")
@Produces(MediaType.APPLICATION_JSON)
public class LobbyResource {
    public record LobbyView(int online, int searching) {
    }

    @GET
    @PermitAll
    @WithSession
    @Operation(summary = "Players online (from the gateways' presence) and players searching for a game")
    public Uni<LobbyView> counts() {
        Uni<Number> online = Panache.getSession().chain(session -> session
                .createNativeQuery("select coalesce(sum(online), 0) from presence", Long.class).getSingleResult());
        return online.chain(count -> SeekEntity.count("status", "WAITING")
                .map(searching -> new LobbyView(count.intValue(), searching.intValue())));
    }
}

package club.pente.matchmaking.rest;

import club.pente.matchmaking.application.LobbyRepository;
import club.pente.matchmaking.application.LobbyService;
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

    private final LobbyService lobby;

    public LobbyResource(LobbyService lobby) {
        this.lobby = lobby;
    }

    @GET
    @PermitAll
    @Operation(summary = "Players online (from the gateways' presence) and players searching for a game")
    public LobbyView counts() {
        LobbyRepository.Counts counts = lobby.counts();
        return new LobbyView(counts.online(), counts.searching());
    }
}

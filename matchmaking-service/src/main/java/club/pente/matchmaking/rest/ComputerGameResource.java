package club.pente.matchmaking.rest;

import club.pente.core.contract.PlayerRef;
import club.pente.matchmaking.application.ComputerGames;
import club.pente.matchmaking.application.Player;
import club.pente.matchmaking.domain.BadRequestException;
import club.pente.matchmaking.domain.GameStatus;
import club.pente.matchmaking.domain.TimeControlPresets;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** A game against the computer, for accounts and guests. */
@Path("/api/matchmaking/ai-games")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({Caller.PLAYER_ROLE, Caller.GUEST_ROLE})
public class ComputerGameResource {
    /** variant PENTE, KERYO or GOMOKU (any case; absent is PENTE); timeControl a live preset or days per move ({@code 3d}). */
    public record ComputerGameRequest(Integer level, String color, String timeControl, String variant) {
    }

    /** gameStatus PENDING / gameReady false: the game service creates it from the command; wait for it (GET /api/matchmaking/games/{id}). */
    public record ComputerGameView(String gameId, String color, PlayerRef opponent, String timeControl, String clock, String gameStatus,
                                   boolean gameReady, String variant, boolean turnBased) {
    }

    private final ComputerGames games;
    private final Caller caller;

    public ComputerGameResource(ComputerGames games, Caller caller) {
        this.games = games;
        this.caller = caller;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Play the computer: {\"level\":1..9 (9: the strongest, all cores, a longer think),\"color\":\"WHITE|BLACK|RANDOM\",\"timeControl\":\"10+5\" or \"3d\" (optional, untimed by default),\"variant\":\"PENTE|KERYO|GOMOKU\" (optional)}")
    public Response create(ComputerGameRequest request) {
        if (request == null) {
            throw new BadRequestException("MISSING_BODY", "the body must be JSON like {\"level\":3,\"color\":\"WHITE\"}");
        }
        Player player = caller.player();
        ComputerGames.Created created = games.create(player, request.level(), request.color(), request.timeControl(), request.variant());
        return Response.status(201).entity(new ComputerGameView(created.gameId(), created.color().name(), created.opponent(),
                created.timeControl(), GameReadiness.clock(created.timeControl()), GameStatus.PENDING.name(), false,
                created.variant().name(), TimeControlPresets.turnBased(created.timeControl()))).build();
    }
}

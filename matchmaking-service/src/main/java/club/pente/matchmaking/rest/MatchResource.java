package club.pente.matchmaking.rest;

import club.pente.core.contract.PlayerRef;
import club.pente.matchmaking.application.GameStarts;
import club.pente.matchmaking.application.Matches;
import club.pente.matchmaking.application.Player;
import club.pente.matchmaking.application.StoredGame;
import club.pente.matchmaking.application.Rematches;
import club.pente.matchmaking.application.StoredMatch;
import club.pente.matchmaking.domain.TimeControlPresets;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;

import java.util.List;

/** Matches (their games and the running score) and rematches after a finished game. */
@Path("/api/matchmaking")
@Produces(MediaType.APPLICATION_JSON)
public class MatchResource {
    public record MatchGame(int number, String gameId, PlayerRef white, PlayerRef black, String result, Integer pointsWhite,
                            Integer pointsBlack) {
    }

    /** playerA invited playerB; points are tournament points summed over the finished games. */
    /** status ONGOING, FINISHED or FAILED (the game service refused one of its games); clock the time control in seconds. */
    public record MatchView(String id, PlayerRef playerA, PlayerRef playerB, boolean ranked, String timeControl, String clock,
                            int gamesTotal, int gamesPlayed, int pointsA, int pointsB, String status, String currentGameId,
                            List<MatchGame> games, String variant, boolean turnBased) {
    }

    /** state OFFERED (the opponent was asked) or CREATED (gameId, color). */
    public record RematchView(String state, String previousGameId, String gameId, String color, PlayerRef opponent) {
    }

    /**
     * A game matchmaking asked for: gameStatus PENDING (the game service has not confirmed it yet; wait),
     * READY, ENDED or FAILED (failure says why); gameReady when it can be loaded.
     */
    public record GameView(String gameId, String origin, PlayerRef white, PlayerRef black, boolean ranked, String timeControl,
                           String clock, String matchId, Integer gameNumber, String gameStatus, boolean gameReady,
                           GameReadiness.Failure failure, String variant, boolean turnBased) {
    }

    private final Matches matches;
    private final GameStarts games;
    private final Rematches rematches;
    private final Caller caller;


    public MatchResource(Matches matches, Rematches rematches, Caller caller, GameStarts games) {
        this.games = games;
        this.matches = matches;
        this.rematches = rematches;
        this.caller = caller;
    }

    @GET
    @Path("/matches/{id}")
    @PermitAll
    @Operation(summary = "A match: players, games so far, cumulative points, status")
    public MatchView match(@PathParam("id") String id) {
        Matches.MatchState state = matches.find(id);
        StoredMatch match = state.match();
        return new MatchView(match.id(), match.a(), match.b(), match.ranked(), match.timeControl(),
                GameReadiness.clock(match.timeControl()), match.gamesTotal(),
                match.gamesPlayed(), match.pointsA(), match.pointsB(), match.status().name(), match.currentGameId(),
                state.games().stream().map(g -> new MatchGame(g.number(), g.gameId(), g.white(), g.black(), g.result(),
                        g.pointsWhite(), g.pointsBlack())).toList(), match.variant().name(),
                TimeControlPresets.turnBased(match.timeControl()));
    }

    @GET
    @Path("/games/{gameId}")
    @PermitAll
    @Operation(summary = "A game matchmaking created and whether the game service has it yet (gameStatus PENDING, READY, ENDED, FAILED)")
    public GameView game(@PathParam("gameId") String gameId) {
        StoredGame game = games.find(gameId);
        return new GameView(game.id(), game.origin().name(), game.white(), game.black(), game.ranked(), game.timeControl(),
                GameReadiness.clock(game.timeControl()), game.matchId(), game.gameNumber(), GameReadiness.status(game),
                GameReadiness.ready(game), GameReadiness.failure(game), game.variant().name(),
                TimeControlPresets.turnBased(game.timeControl()));
    }

    @POST
    @Path("/games/{gameId}/rematch")
    @RolesAllowed({Caller.PLAYER_ROLE, Caller.GUEST_ROLE})
    @Operation(summary = "Ask for a rematch of a finished game; when both players asked, the game is created (colours swapped)")
    public Response rematch(@PathParam("gameId") String gameId) {
        Player player = caller.player();
        Rematches.Outcome outcome = rematches.request(player, gameId);
        RematchView view = new RematchView(outcome.state().name(), outcome.previousGameId(), outcome.gameId(),
                outcome.color() == null ? null : outcome.color().name(), outcome.opponent());
        return Response.status(outcome.state() == Rematches.State.CREATED ? 201 : 202).entity(view).build();
    }
}

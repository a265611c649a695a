package club.pente.gateway.rest;

import club.pente.core.notation.Notation;
import club.pente.core.rules.Board;
import club.pente.core.rules.MoveError;
import club.pente.core.rules.Position;
import club.pente.gateway.EdgeSettings;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the web client needs to know: where to sign people in (Keycloak realm and public client), and the
 * opening rules, so that it can shade the restricted points and refuse a move the game service would refuse
 * without re-implementing the rules. The time-control presets come from matchmaking
 * ({@code GET /api/matchmaking/seeks/presets}), which owns them.
 */
@Path("/api/config")
@Produces(MediaType.APPLICATION_JSON)
public class ClientConfigResource {
    public record ClientConfig(String keycloakUrl, String clientId, Rules rules) {
    }

    /** The board and its opening restrictions, as pente-core's rules decide them. */
    public record Rules(int boardSize, String centre, List<Opening> opening) {
    }

    /**
     * At move {@code ply}, a stone may go only on {@code allowed}, or on none of {@code refused} (whichever
     * list is shorter is given); otherwise the game service refuses it with {@code reason}.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Opening(int ply, String reason, List<String> allowed, List<String> refused) {
    }

    /** Refusals that are no opening rule: they hold for every move and the client knows them by the board. */
    private static final Set<MoveError> NOT_OPENING = EnumSet.of(MoveError.GAME_OVER, MoveError.OFF_BOARD, MoveError.OCCUPIED);
    /** Plies examined: the opening rules restrict the first and the third; two more show that the rest are free. */
    private static final int OPENING_PLIES = 5;
    private static final Rules RULES = rules();

    private final ClientConfig config;

    public ClientConfigResource(EdgeSettings settings) {
        this.config = new ClientConfig(settings.web().keycloakUrl(), settings.web().clientId(), RULES);
    }

    @GET
    public ClientConfig config() {
        return config;
    }

    /**
     * The opening restrictions, found by asking {@link Position#check} about every point at each of the
     * first plies (playing the first legal point in between, so that the stones played are far from the
     * centre or on it).
     */
    public static Rules rules() {
        Position position = new Position();
        List<Opening> opening = new ArrayList<>();
        for (int ply = 1; ply <= OPENING_PLIES; ply++) {
            List<String> legal = new ArrayList<>();
            Map<MoveError, List<String>> refused = new LinkedHashMap<>();
            int firstLegal = -1;
            for (int point = 0; point < Board.POINTS; point++) {
                MoveError error = position.check(point);
                if (error == null) {
                    legal.add(Notation.format(point));
                    firstLegal = firstLegal < 0 ? point : firstLegal;
                } else if (!NOT_OPENING.contains(error)) {
                    refused.computeIfAbsent(error, e -> new ArrayList<>()).add(Notation.format(point));
                }
            }
            for (Map.Entry<MoveError, List<String>> rule : refused.entrySet()) {
                boolean fewerAllowed = legal.size() < rule.getValue().size();
                opening.add(new Opening(ply, rule.getKey().name(), fewerAllowed ? List.copyOf(legal) : null,
                        fewerAllowed ? null : List.copyOf(rule.getValue())));
            }
            position.play(firstLegal);
        }
        return new Rules(Board.SIZE, Notation.format(Board.CENTRE), List.copyOf(opening));
    }
}

package club.pente.gateway.admin;

import club.pente.core.contract.Contracts;
import club.pente.gateway.presence.Presence;
import club.pente.gateway.ws.GameRooms;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

import java.util.List;
import java.util.function.ToIntFunction;

/**
 * The staff's list of live games ({@code GET /api/admin/games}, the game service's answer) with what only the
 * gateways know added to each game: {@code spectators}, the people watching on every gateway (this one's rooms
 * plus the other gateways' fresh reports on {@code pente.presence}), players not counted.
 */
@ApplicationScoped
public class AdminGames {
    private static final List<String> LIST_PATH = List.of("api", "admin", "games");

    private final GameRooms rooms;
    private final Presence presence;

    public AdminGames(GameRooms rooms, Presence presence) {
        this.rooms = rooms;
        this.presence = presence;
    }

    public static boolean isListPath(List<String> segments) {
        return LIST_PATH.equals(segments);
    }

    /** The game service's 200 answer with each game's spectators; any other answer as it came. */
    public Response withSpectators(Response answer) {
        if (answer.getStatus() != 200 || !(answer.getEntity() instanceof byte[] body)) {
            return answer;
        }
        byte[] enriched = enrich(body, gameId -> presence.spectators(gameId, rooms.localSpectators(gameId)));
        if (enriched == null) {
            return answer;
        }
        return Response.fromResponse(answer).entity(enriched).type("application/json").build();
    }

    /** {@code {"games":[{"id",...}]}} with {@code "spectators": n} set on every game; null when the body is not that. */
    static byte[] enrich(byte[] body, ToIntFunction<String> spectators) {
        try {
            JsonNode tree = Contracts.json().readTree(body);
            JsonNode games = tree == null ? null : tree.get("games");
            if (games == null || !games.isArray()) {
                return null;
            }
            for (JsonNode game : games) {
                if (game instanceof ObjectNode node && node.path("id").isTextual()) {
                    node.put("spectators", spectators.applyAsInt(node.path("id").asText()));
                }
            }
            return Contracts.json().writeValueAsBytes(tree);
        } catch (java.io.IOException e) {
            return null;
        }
    }
}

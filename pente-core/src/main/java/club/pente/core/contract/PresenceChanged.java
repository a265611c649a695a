package club.pente.core.contract;

import com.fasterxml.jackson.annotation.JsonCreator;

import java.time.Instant;
import java.util.List;

/**
 * On {@code pente.presence}: {@code scope} is {@code lobby} or a game id (the key). For a game,
 * {@code spectators} counts distinct viewers, {@code playersConnected} the players with a socket open on
 * that gateway and {@code players} their ids (so that every gateway knows, per player, whether they are
 * connected anywhere: a claim of abandonment depends on it). {@code players} came later: a report without it
 * reads as an empty list.
 */
public record PresenceChanged(
        int schemaVersion,
        String eventId,
        String scope,
        String gatewayId,
        int online,
        int spectators,
        int playersConnected,
        Instant occurredAt,
        List<String> players) {

    @JsonCreator
    public PresenceChanged {
        players = players == null ? List.of() : List.copyOf(players);
    }

    /** A report without player ids (the lobby's, or a game's from a producer that does not name them). */
    public PresenceChanged(int schemaVersion, String eventId, String scope, String gatewayId, int online, int spectators,
                           int playersConnected, Instant occurredAt) {
        this(schemaVersion, eventId, scope, gatewayId, online, spectators, playersConnected, occurredAt, List.of());
    }
}

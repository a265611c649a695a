package club.pente.core.contract;

import java.time.Instant;

/**
 * On {@code pente.presence}: {@code scope} is {@code lobby} or a game id (the key). For a game,
 * {@code spectators} counts distinct viewers and {@code playersConnected} the players with a socket open.
 */
public record PresenceChanged(
        int schemaVersion,
        String eventId,
        String scope,
        String gatewayId,
        int online,
        int spectators,
        int playersConnected,
        Instant occurredAt) {
}

package club.pente.core.contract;

import java.time.Instant;

/** Players online (from the gateways' presence) and players with a waiting seek; keyed {@code lobby}. */
public record LobbyCounts(
        int schemaVersion,
        String eventId,
        int online,
        int searching,
        Instant occurredAt) implements MatchmakingEvent {

    @Override
    public String key() {
        return LOBBY_KEY;
    }
}

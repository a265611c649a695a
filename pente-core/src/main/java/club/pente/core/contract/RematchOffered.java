package club.pente.core.contract;

import java.time.Instant;

/** The opponent of a finished game asks for a rematch; the player accepts by asking for one too. */
public record RematchOffered(
        int schemaVersion,
        String eventId,
        String playerId,
        String previousGameId,
        PlayerRef from,
        Instant occurredAt) implements MatchmakingEvent {

    @Override
    public String key() {
        return playerId;
    }
}

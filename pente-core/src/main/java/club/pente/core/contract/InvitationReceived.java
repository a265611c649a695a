package club.pente.core.contract;

import java.time.Instant;

/** An invitation addressed to this player by username; they accept or decline it from their lobby. */
public record InvitationReceived(
        int schemaVersion,
        String eventId,
        String playerId,
        String code,
        PlayerRef inviter,
        boolean ranked,
        TimeControl timeControl,
        int games,
        Instant expiresAt,
        Instant occurredAt) implements MatchmakingEvent {

    @Override
    public String key() {
        return playerId;
    }
}

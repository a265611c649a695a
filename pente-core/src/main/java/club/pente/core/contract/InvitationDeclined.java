package club.pente.core.contract;

import java.time.Instant;

/** The player an invitation was addressed to declined it; sent to the inviter. */
public record InvitationDeclined(
        int schemaVersion,
        String eventId,
        String playerId,
        String code,
        PlayerRef by,
        Instant occurredAt) implements MatchmakingEvent {

    @Override
    public String key() {
        return playerId;
    }
}

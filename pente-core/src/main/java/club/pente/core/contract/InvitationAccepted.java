package club.pente.core.contract;

import club.pente.core.rules.Color;

import java.time.Instant;

/**
 * A friend invitation was accepted; sent to both players. {@code matchId} is set when the invitation
 * asked for a match of several games ({@code gameId} is then its first game).
 */
public record InvitationAccepted(
        int schemaVersion,
        String eventId,
        String playerId,
        String code,
        String gameId,
        Color color,
        PlayerRef opponent,
        String matchId,
        Instant occurredAt) implements MatchmakingEvent {

    @Override
    public String key() {
        return playerId;
    }
}

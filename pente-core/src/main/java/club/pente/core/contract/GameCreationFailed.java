package club.pente.core.contract;

import java.time.Instant;

/**
 * The game service refused a game matchmaking asked for (its CreateGame was answered with a
 * MoveRejected); sent to each human player of it. {@code origin} is how it was made (SEEK, INVITATION,
 * MATCH, REMATCH, COMPUTER); {@code code} names the invitation and {@code matchId} the match it failed, if any.
 */
public record GameCreationFailed(
        int schemaVersion,
        String eventId,
        String playerId,
        String gameId,
        String origin,
        String code,
        String matchId,
        RejectionReason reason,
        String message,
        Instant occurredAt) implements MatchmakingEvent {

    @Override
    public String key() {
        return playerId;
    }
}

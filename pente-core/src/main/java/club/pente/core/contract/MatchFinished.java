package club.pente.core.contract;

import java.time.Instant;

/**
 * The last game of a match ended. Points are tournament points summed over the match's games (one per
 * captured pair, five per pente), for {@code playerA} (the inviter) and {@code playerB}.
 */
public record MatchFinished(
        int schemaVersion,
        String eventId,
        String playerId,
        String matchId,
        int games,
        PlayerRef playerA,
        PlayerRef playerB,
        int pointsA,
        int pointsB,
        Instant occurredAt) implements MatchmakingEvent {

    @Override
    public String key() {
        return playerId;
    }
}

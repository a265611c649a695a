package club.pente.core.contract;

import club.pente.core.rules.Color;

import java.time.Instant;

/**
 * A game created for the player other than by a seek or an invitation: {@code origin} is {@code REMATCH}
 * or {@code MATCH} (the next game of a match, {@code gameNumber} of the match's games).
 */
public record GameReady(
        int schemaVersion,
        String eventId,
        String playerId,
        String gameId,
        Color color,
        PlayerRef opponent,
        boolean ranked,
        TimeControl timeControl,
        String origin,
        String matchId,
        int gameNumber,
        Instant occurredAt) implements MatchmakingEvent {

    @Override
    public String key() {
        return playerId;
    }
}

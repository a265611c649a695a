package club.pente.core.contract;

import club.pente.core.rules.Color;

import java.time.Instant;

/** A player's seek found an opponent: the game exists (or is being created) under {@code gameId}. */
public record SeekMatched(
        int schemaVersion,
        String eventId,
        String playerId,
        String seekId,
        String gameId,
        Color color,
        PlayerRef opponent,
        boolean ranked,
        TimeControl timeControl,
        Instant occurredAt) implements MatchmakingEvent {

    @Override
    public String key() {
        return playerId;
    }
}

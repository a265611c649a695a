package club.pente.core.contract;

import club.pente.core.rules.Color;
import club.pente.core.rules.Variant;

import java.time.Instant;

/**
 * A tournament round paired the player: their game {@code gameId} of round {@code round} (from 1) of
 * {@code tournamentId}, with {@code colour} against {@code opponent}. Keyed by the player (one event each side).
 */
public record TournamentGameReady(
        int schemaVersion,
        String eventId,
        String playerId,
        String tournamentId,
        int round,
        String gameId,
        Color colour,
        PlayerRef opponent,
        Variant variant,
        TimeControl timeControl,
        Instant occurredAt) implements MatchmakingEvent {

    public TournamentGameReady {
        variant = Variant.orDefault(variant);
    }

    @Override
    public String key() {
        return playerId;
    }
}

package club.pente.game.rest;

import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Color;
import club.pente.core.rules.Variant;
import club.pente.game.application.GameReads;

import java.time.Instant;

/**
 * One line of a game list (the lobby's live games and "your games", recent results): enough to tell two games
 * of the same pair apart (id, ply, times) and to mark the caller's own (the players' ids); the variant, the tournament
 * (null outside one) and when the side to move loses if it does not move ({@code deadline}, null when untimed or over).
 */
public record GameSummary(String id, PlayerRef white, PlayerRef black, boolean ranked, TimeControl timeControl,
                          String status, String reason, int ply, Color toMove, long version, Instant createdAt,
                          Instant lastMoveAt, Instant endedAt, Variant variant, String tournamentId, Instant deadline) {

    static GameSummary of(GameReads.GameListing game) {
        return new GameSummary(game.id(), game.white(), game.black(), game.ranked(), game.timeControl(), game.status().name(),
                game.reason() == null ? null : game.reason().name(), game.ply(), game.toMove(), game.version(), game.createdAt(),
                game.lastMoveAt(), game.endedAt(), game.variant(), game.tournamentId(), game.deadline());
    }
}

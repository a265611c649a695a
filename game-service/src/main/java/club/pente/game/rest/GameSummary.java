package club.pente.game.rest;

import club.pente.core.contract.PlayerRef;
import club.pente.game.application.GameReads;

import java.time.Instant;

/** One line of a game list (the lobby's live games, recent results). */
public record GameSummary(String id, PlayerRef white, PlayerRef black, boolean ranked, String timeControl,
                          String status, String reason, int ply, long version, Instant createdAt, Instant endedAt) {

    static GameSummary of(GameReads.GameListing game) {
        return new GameSummary(game.id(), game.white(), game.black(), game.ranked(), game.timeControl().format(), game.status().name(),
                game.reason() == null ? null : game.reason().name(), game.ply(), game.version(), game.createdAt(), game.endedAt());
    }
}

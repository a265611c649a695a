package club.pente.game.rest;

import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.game.persistence.GameEntity;
import club.pente.game.persistence.GameQueries;

import java.time.Instant;

/** One line of a game list (the lobby's live games, recent results). */
public record GameSummary(String id, PlayerRef white, PlayerRef black, boolean ranked, String timeControl,
                          String status, String reason, int ply, long version, Instant createdAt, Instant endedAt) {

    static GameSummary of(GameEntity row) {
        return new GameSummary(row.id, GameQueries.white(row), GameQueries.black(row), row.ranked,
                new TimeControl(row.initialSeconds, row.incrementSeconds).format(), row.status, row.endReason, row.ply,
                row.version, row.createdAt, row.endedAt);
    }
}

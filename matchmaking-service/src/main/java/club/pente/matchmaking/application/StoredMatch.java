package club.pente.matchmaking.application;

import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Color;
import club.pente.core.rules.Variant;
import club.pente.matchmaking.domain.MatchStatus;

/** A match of N games between A (the inviter) and B, all of one variant; points are summed over the finished games. */
public record StoredMatch(String id, PlayerRef a, PlayerRef b, Color aFirstColor, boolean ranked, String timeControl,
                          int gamesTotal, int gamesPlayed, int pointsA, int pointsB, MatchStatus status, String currentGameId,
                          Variant variant) {
    public StoredMatch {
        variant = Variant.orDefault(variant);
    }

    public StoredMatch(String id, PlayerRef a, PlayerRef b, Color aFirstColor, boolean ranked, String timeControl,
                       int gamesTotal, int gamesPlayed, int pointsA, int pointsB, MatchStatus status, String currentGameId) {
        this(id, a, b, aFirstColor, ranked, timeControl, gamesTotal, gamesPlayed, pointsA, pointsB, status, currentGameId, Variant.PENTE);
    }
}

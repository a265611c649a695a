package club.pente.matchmaking.application;

import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Color;
import club.pente.matchmaking.domain.MatchStatus;

/** A match of N games between A (the inviter) and B; points are summed over the finished games. */
public record StoredMatch(String id, PlayerRef a, PlayerRef b, Color aFirstColor, boolean ranked, String timeControl,
                          int gamesTotal, int gamesPlayed, int pointsA, int pointsB, MatchStatus status, String currentGameId) {
}

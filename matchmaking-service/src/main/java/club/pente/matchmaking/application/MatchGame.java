package club.pente.matchmaking.application;

import club.pente.core.contract.PlayerRef;

/** One game of a match; {@code result} and the points are null until it ended. */
public record MatchGame(int number, String gameId, PlayerRef white, PlayerRef black, String result, Integer pointsWhite,
                        Integer pointsBlack) {
}

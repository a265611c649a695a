package club.pente.matchmaking.tournament;

import java.util.List;

/** A round's games in board order and the player with the bye (null when the count is even). */
public record RoundPairing(List<Pair> games, String bye) {
    public RoundPairing {
        games = List.copyOf(games);
    }
}

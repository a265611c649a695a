package club.pente.ai.application;

import java.util.List;

/** What the engine thinks of a position: its move, the score from the mover's side, how deep it looked. */
public record Analysis(String bestMove, int score, int depth, long nodes, List<String> principalVariation, long millis) {
}

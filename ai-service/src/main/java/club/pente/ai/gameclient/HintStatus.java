package club.pente.ai.gameclient;

/** The caller's hints in a game as the game service counts them; {@code reason} (an error code) is why not, when not allowed. */
public record HintStatus(String gameId, boolean allowed, String reason, int hintsUsed, int hintsLeft, int hintsPerGame) {
}

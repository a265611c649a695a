package club.pente.ai.gameclient;

import java.util.List;

/** A hint the game service counted for the caller: the moves so far ({@code ply} of them) and what is left. */
public record HintReservation(String gameId, int ply, List<String> moves, int hintsUsed, int hintsLeft, int hintsPerGame) {
}

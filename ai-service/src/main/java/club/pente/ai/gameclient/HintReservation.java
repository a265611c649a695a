package club.pente.ai.gameclient;

import club.pente.core.rules.Variant;

import java.util.List;

/**
 * A hint the game service counted for the caller: the moves so far ({@code ply} of them) and what is left;
 * {@code variant} the game's rules when the game service says (null from one that does not: the hint then reads
 * the game's view for it).
 */
public record HintReservation(String gameId, int ply, List<String> moves, int hintsUsed, int hintsLeft, int hintsPerGame,
                              Variant variant) {
    public HintReservation(String gameId, int ply, List<String> moves, int hintsUsed, int hintsLeft, int hintsPerGame) {
        this(gameId, ply, moves, hintsUsed, hintsLeft, hintsPerGame, null);
    }
}

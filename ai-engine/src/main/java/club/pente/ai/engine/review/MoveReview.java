package club.pente.ai.engine.review;

import club.pente.core.rules.Color;

import java.util.List;

/**
 * The review of one ply. Scores are in engine units from White's view and shown clipped (see
 * {@link WinChance#clip}); point indexes are {@code row * 19 + col} ({@code Notation.format} gives K10).
 *
 * @param ply            1-based
 * @param move           the point played
 * @param color          who played it
 * @param evalWhite      the score of the position after the move (+-5000: a forced win)
 * @param winChanceWhite White's win chance after the move, 0..1
 * @param best           the engine's best move in the position before the move
 * @param line           the engine's expected line from there, starting with {@code best}
 * @param bestEvalWhite  the score after the best move, measured like {@code evalWhite}
 * @param moveClass      the mark, by {@code drop}
 * @param drop           the mover's loss of win chance against the best move, 0..1
 * @param winAvailable   the mover had a forced win before the move
 * @param missedWin      ... and the move played does not keep one
 */
public record MoveReview(int ply, int move, Color color, int evalWhite, double winChanceWhite, int best,
                         List<Integer> line, int bestEvalWhite, MoveClass moveClass, double drop,
                         boolean winAvailable, boolean missedWin) {
    public MoveReview {
        line = List.copyOf(line);
    }
}

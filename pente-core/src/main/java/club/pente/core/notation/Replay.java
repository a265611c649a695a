package club.pente.core.notation;

import club.pente.core.rules.IllegalMoveException;
import club.pente.core.rules.MoveError;
import club.pente.core.rules.Position;
import club.pente.core.rules.Variant;

import java.util.List;

/**
 * Plays a move list from the start and stops at the first move that is not a legal point, saying which
 * (1-based) and why: what the CLIs and the analysis API do with a position given as moves. The rules are the
 * given {@link Variant}'s, Pente when none is given.
 */
public final class Replay {
    /** The position reached, or the 1-based index and reason of the first bad move. */
    public record Outcome(Position position, int badPly, String error) {
        public boolean failed() {
            return error != null;
        }
    }

    private Replay() {
    }

    /** A Pente move list as text (see {@link MoveList#tokens}). */
    public static Outcome of(String moveList) {
        return of(Variant.PENTE, MoveList.tokens(moveList));
    }

    public static Outcome of(List<String> tokens) {
        return of(Variant.PENTE, tokens);
    }

    /** A move list of {@code variant} (null is Pente) as text. */
    public static Outcome of(Variant variant, String moveList) {
        return of(variant, MoveList.tokens(moveList));
    }

    public static Outcome of(Variant variant, List<String> tokens) {
        Position position = new Position(variant);
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            int point;
            try {
                point = Notation.parse(token);
            } catch (NotationException e) {
                return new Outcome(position, i + 1, e.getMessage());
            }
            MoveError error = position.check(point);
            if (error != null) {
                return new Outcome(position, i + 1, new IllegalMoveException(error, token).getMessage());
            }
            position.apply(point);
        }
        return new Outcome(position, 0, null);
    }
}

package club.pente.core.cli;

import club.pente.core.notation.MoveList;
import club.pente.core.notation.Notation;
import club.pente.core.notation.NotationException;
import club.pente.core.rules.IllegalMoveException;
import club.pente.core.rules.MoveError;
import club.pente.core.rules.Position;

import java.util.List;

/** Plays a move list from the start; stops at the first move that is not a legal point. */
final class Replay {
    /** The position reached, or the 1-based index and reason of the first bad move. */
    record Outcome(Position position, int badPly, String error) {
        boolean failed() {
            return error != null;
        }
    }

    private Replay() {
    }

    static Outcome of(String moveList) {
        Position position = new Position();
        List<String> tokens = MoveList.tokens(moveList);
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

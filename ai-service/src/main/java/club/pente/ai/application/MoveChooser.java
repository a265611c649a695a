package club.pente.ai.application;

import club.pente.ai.gameclient.GameSnapshot.MoverClock;
import club.pente.core.rules.Position;
import club.pente.core.rules.Variant;

import java.time.Duration;
import java.util.List;

/** The engine as the service sees it: a move list in notation in, an analysis out. */
public interface MoveChooser {

    /**
     * The computer's move in a game of {@code variant}.
     *
     * @param variant the game's rules (null: Pente)
     * @param moves   the game so far, in notation; must be legal and not finished
     * @param level   1 (beginner) to 8 (full strength), 9 (all cores, longer)
     * @param budget  thinking time, or null for the level's own
     * @param seed    makes the choice reproducible
     * @throws IllegalArgumentException when the moves are not a legal, unfinished game
     */
    Analysis choose(Variant variant, List<String> moves, int level, Duration budget, long seed);

    /** As {@link #choose(Variant, List, int, Duration, long)} for a Pente game. */
    default Analysis choose(List<String> moves, int level, Duration budget, long seed) {
        return choose(Variant.PENTE, moves, level, budget, seed);
    }

    /**
     * The computer's move in a timed game: thinks by the mover's clock (never beyond it; longer when
     * the clock allows and the position is unsettled), or by the level's own time when {@code clock}
     * is null (untimed, or turn-based: days per move say nothing about how long to think).
     */
    default Analysis chooseOnClock(Variant variant, List<String> moves, int level, MoverClock clock, long seed) {
        return choose(variant, moves, level, (Duration) null, seed);
    }

    /** As {@link #chooseOnClock(Variant, List, int, MoverClock, long)} for a Pente game. */
    default Analysis chooseOnClock(List<String> moves, int level, MoverClock clock, long seed) {
        return chooseOnClock(Variant.PENTE, moves, level, clock, seed);
    }

    /**
     * An analysis for a person (hint, review): like {@link #choose} but with engines of their own, whose
     * transposition tables are {@code 2^tableBits} entries, so that analyses stay small in the heap.
     *
     * @param position an unfinished position, as {@link #position} gives it
     * @param budget   thinking time, never more
     */
    Analysis analyse(Position position, int level, Duration budget, int tableBits);

    /** The Pente position after the moves; throws {@link IllegalArgumentException} naming the bad move or a finished game. */
    static Position position(List<String> moves) {
        return EngineMoveChooser.replay(Variant.PENTE, moves);
    }

    /** The position of {@code variant} (null: Pente) after the moves; as {@link #position(List)}. */
    static Position position(Variant variant, List<String> moves) {
        return EngineMoveChooser.replay(variant, moves);
    }
}

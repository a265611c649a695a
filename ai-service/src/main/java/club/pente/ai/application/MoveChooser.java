package club.pente.ai.application;

import java.time.Duration;
import java.util.List;

/** The engine as the service sees it: a move list in notation in, an analysis out. */
public interface MoveChooser {

    /**
     * @param moves  the game so far, in notation; must be legal and not finished
     * @param level  1 (beginner) to 8 (full strength)
     * @param budget thinking time, or null for the level's own
     * @param seed   makes the choice reproducible
     * @throws IllegalArgumentException when the moves are not a legal, unfinished game
     */
    Analysis choose(List<String> moves, int level, Duration budget, long seed);
}

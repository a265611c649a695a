package club.pente.ai.engine;

import club.pente.core.rules.Color;
import club.pente.core.rules.Position;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** With a node budget, the same seed gives the same game, bit for bit. */
class ReproducibilityTest {
    @Test
    void sameSeedSameResults() {
        for (int level : new int[] {1, 4, 8}) {
            assertThat(selfPlay(level, 5)).as("level %d", level).isEqualTo(selfPlay(level, 5));
        }
    }

    @Test
    void theSeedDrivesTheLowLevels() {
        Set<List<SearchResult>> games = new HashSet<>();
        for (long seed = 1; seed <= 4; seed++) {
            games.add(selfPlay(1, seed));
        }
        assertThat(games).hasSizeGreaterThan(1);
    }

    private static List<SearchResult> selfPlay(int level, long seed) {
        Engine white = new Engine(EngineConfig.level(level), seed);
        Engine black = new Engine(EngineConfig.level(level), seed + 1);
        Position position = new Position();
        List<SearchResult> results = new ArrayList<>();
        while (!position.status().isOver() && position.ply() < 24) {
            Engine engine = position.toMove() == Color.WHITE ? white : black;
            SearchResult result = engine.bestMove(position, Budget.nodes(4_000));
            // Wall time is the one field that may differ.
            results.add(new SearchResult(result.move(), result.score(), result.depth(), result.nodes(), result.pv(), 0));
            position.play(result.move());
        }
        return results;
    }
}

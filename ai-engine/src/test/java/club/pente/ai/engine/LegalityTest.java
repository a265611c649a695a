package club.pente.ai.engine;

import club.pente.core.rules.Board;
import club.pente.core.rules.Color;
import club.pente.core.rules.Position;
import club.pente.core.rules.RandomGames;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** Whatever the position and level, the engine's move is legal, opening rule included. */
class LegalityTest {
    @Test
    void playsOnlyLegalMovesInRandomPositions() {
        SplittableRandom random = new SplittableRandom(11);
        Engine[] engines = new Engine[9];
        for (int level = 1; level <= 8; level++) {
            engines[level] = new Engine(EngineConfig.level(level).withTtBits(14), level);
        }
        for (int i = 0; i < 240; i++) {
            Position position = new Position();
            // Many short games so that plies 1 and 3 (K10 first, White's second stone away from it) come up often.
            int plies = i % 4 == 0 ? random.nextInt(3) : random.nextInt(120);
            RandomGames.play(position, random, plies);
            if (position.status().isOver()) {
                continue;
            }
            int level = 1 + i % 8;
            SearchResult result = engines[level].bestMove(position, Budget.nodes(400));
            assertThat(position.check(result.move())).as("level %d at ply %d", level, position.ply()).isNull();
            assertThat(result.pv()).startsWith(result.move());
        }
    }

    @Test
    void answersTheOpeningRule() {
        Engine engine = new Engine(EngineConfig.level(8), 3);
        Position position = new Position();
        int first = engine.bestMove(position, Budget.nodes(2_000)).move();
        assertThat(first).isEqualTo(Board.CENTRE);
        position.play(first);
        position.play(engine.bestMove(position, Budget.nodes(2_000)).move());
        int third = engine.bestMove(position, Budget.nodes(2_000)).move();
        assertThat(Board.distance(third, Board.CENTRE)).isGreaterThanOrEqualTo(3);
        assertThat(position.check(third)).isNull();
    }

    @Test
    void playsSelfPlayGamesToTheEndLegally() {
        for (int game = 0; game < 3; game++) {
            Engine white = new Engine(EngineConfig.level(3 + game), game);
            Engine black = new Engine(EngineConfig.level(2 + game), game + 100);
            Position position = new Position();
            while (!position.status().isOver() && position.ply() < 200) {
                Engine engine = position.toMove() == Color.WHITE ? white : black;
                position.play(engine.bestMove(position, Budget.nodes(3_000)).move());
            }
            assertThat(position.ply()).isGreaterThan(5);
        }
    }

    @Test
    void keepsToATimeBudget() {
        Position position = Positions.played("K10 J11 O10 J13 L10 M10 J10 J12 G10 H10");
        SearchResult result = new Engine(EngineConfig.level(8), 1).bestMove(position, Budget.millis(200));
        assertThat(result.timeMs()).isLessThan(600);
        assertThat(result.depth()).isGreaterThanOrEqualTo(1);
    }
}

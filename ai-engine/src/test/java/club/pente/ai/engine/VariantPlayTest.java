package club.pente.ai.engine;

import club.pente.core.rules.Board;
import club.pente.core.rules.Position;
import club.pente.core.rules.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/** Every level plays every variant: whole self-play games, each move legal by {@code Position(variant)}. */
class VariantPlayTest {
    @ParameterizedTest
    @EnumSource(Variant.class)
    void everyLevelPlaysAWholeGameOfTheVariant(Variant variant) {
        int captures = 0;
        int trioStones = 0;
        for (int level = EngineConfig.MIN_LEVEL; level <= EngineConfig.MAX_LEVEL; level++) {
            EngineConfig config = EngineConfig.level(level).withTtBits(15);
            Engine engine = new Engine(config, 40 + level, variant);
            Position position = new Position(variant);
            while (!position.status().isOver() && position.ply() < 240) {
                SearchResult result = engine.bestMove(position, Budget.nodes(600));
                assertThat(position.check(result.move())).as("%s level %d ply %d", variant, level, position.ply())
                        .isNull();
                captures += position.apply(result.move());
            }
            assertThat(engine.variant()).isEqualTo(variant);
            for (club.pente.core.rules.Color c : club.pente.core.rules.Color.values()) {
                // Stones beyond two per capture come from trios.
                trioStones += position.capturedStones(c) - 2 * position.capturedPairs(c);
            }
            assertThat(position.ply()).as("%s level %d", variant, level).isGreaterThan(8);
        }
        if (variant == Variant.GOMOKU) {
            assertThat(captures).isZero();
        } else {
            assertThat(captures).isPositive();
        }
        if (variant == Variant.KERYO) {
            assertThat(trioStones).as("trios taken").isPositive();
        } else {
            assertThat(trioStones).isZero();
        }
    }

    @Test
    void theOpeningBookIsPentesOnly() {
        // From level 5 the book answers Pente's second move at once (depth 0); Keryo's and Gomoku's are searched.
        for (Variant variant : Variant.values()) {
            Position position = new Position(variant);
            position.play(Board.CENTRE);
            SearchResult result = new Engine(EngineConfig.level(8).withTtBits(14), 1).bestMove(position, Budget.nodes(3_000));
            assertThat(position.check(result.move())).isNull();
            if (variant == Variant.PENTE) {
                assertThat(result.depth()).as("pente book").isZero();
            } else {
                assertThat(result.depth()).as("%s searched", variant).isPositive();
            }
        }
    }

    @Test
    void followsThePositionsVariantWhenItChanges() {
        Engine engine = new Engine(EngineConfig.level(4).withTtBits(14), 9);
        for (Variant variant : new Variant[] {Variant.KERYO, Variant.PENTE, Variant.GOMOKU, Variant.KERYO}) {
            Position position = new Position(variant);
            position.play(Board.CENTRE);
            position.play(Board.CENTRE + 1);
            int move = engine.bestMove(position, Budget.nodes(500)).move();
            assertThat(engine.variant()).isEqualTo(variant);
            assertThat(position.check(move)).isNull();
            if (variant == Variant.GOMOKU) {
                // No tournament rule: White's second stone may stand next to the centre, and the search considers it.
                int[] cells = new int[Board.POINTS];
                int n = new MoveGenerator(EngineBoard.of(position)).candidates(cells);
                assertThat(java.util.Arrays.stream(cells, 0, n).map(EngineBoard::pointOf)
                        .anyMatch(p -> Board.distance(p, Board.CENTRE) == 1)).isTrue();
            } else {
                assertThat(Board.distance(move, Board.CENTRE)).isGreaterThanOrEqualTo(3);
            }
        }
    }
}

package club.pente.ai.engine;

import club.pente.core.rules.Color;
import club.pente.core.rules.Position;
import org.junit.jupiter.api.Test;

import static club.pente.ai.engine.Positions.p;
import static club.pente.ai.engine.Positions.played;
import static club.pente.ai.engine.Positions.setUp;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Lazy SMP: more threads, same rules; one thread as before; level 9 uses every core. */
class ParallelSearchTest {
    private static final String MIDDLE_GAME = "K10 J11 O10 J13 L10 M10 J10 L13 K12 G10 G12 K13 H13 M11 M12 N13 M13 J14";

    @Test
    void levelNineIsLevelEightOnEveryCoreWithMoreTime() {
        EngineConfig nine = EngineConfig.level(EngineConfig.MAX_LEVEL);
        EngineConfig eight = EngineConfig.level(8);
        assertThat(EngineConfig.MAX_LEVEL).isEqualTo(9);
        assertThat(nine.threads()).isEqualTo(Math.min(EngineConfig.MAX_THREADS, Runtime.getRuntime().availableProcessors()));
        assertThat(eight.threads()).isEqualTo(1);
        assertThat(nine.millis()).isGreaterThan(eight.millis());
        assertThat(nine.width()).isGreaterThanOrEqualTo(eight.width());
        assertThat(nine.withThreads(3).threads()).isEqualTo(3);
        // The twelve-component constructor of earlier versions still builds a one-thread configuration.
        EngineConfig old = new EngineConfig(8, 60, 28, 0, 0, 12, 8, true, 40_000, 1_500, 160_000, 20);
        assertThat(old).isEqualTo(eight);
    }

    @Test
    void oneThreadIsTheOrdinarySearch() {
        Position position = played(MIDDLE_GAME);
        SearchResult plain = new Engine(EngineConfig.level(8), 7).bestMove(position, Budget.nodes(30_000));
        SearchResult explicit = new Engine(EngineConfig.level(8), 7).bestMove(position, Budget.nodes(30_000), 1);
        assertThat(withoutTime(explicit)).isEqualTo(withoutTime(plain));
    }

    @Test
    void twoThreadsPlayLegalMovesAndSeeTheTactics() {
        Engine engine = new Engine(EngineConfig.level(9).withThreads(2).withTtBits(16), 3);
        // Completes five; blocks a closed four; gives a legal move in a middle game, counting both threads' nodes.
        Position five = setUp("K10 L10 M10 N10 C3", "J10 K11 L12 R17", Color.WHITE);
        assertThat(engine.bestMove(five, Budget.nodes(20_000)).move()).isEqualTo(p("O10"));
        Position block = setUp("K10 L10 M10 N10 G4", "J10 C16 R3 Q16", Color.BLACK);
        assertThat(engine.bestMove(block, Budget.nodes(20_000)).move()).isEqualTo(p("O10"));
        // A quiet position (no forced result): the calling thread uses its whole budget, helpers add theirs.
        Position middle = played("K10 J11 O10 J13 L10 M10 J10 J12 G10 H10");
        SearchResult result = engine.bestMove(middle, Budget.nodes(20_000));
        assertThat(middle.check(result.move())).isNull();
        assertThat(result.depth()).isPositive();
        assertThat(result.nodes()).isGreaterThanOrEqualTo(20_000);
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void refusesAThreadCountOutOfRange() {
        Engine engine = new Engine(EngineConfig.level(4), 1);
        Position position = played("K10");
        assertThatThrownBy(() -> engine.bestMove(position, Budget.nodes(100), 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> engine.bestMove(position, Budget.nodes(100), EngineConfig.MAX_THREADS + 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static SearchResult withoutTime(SearchResult r) {
        return new SearchResult(r.move(), r.score(), r.depth(), r.nodes(), r.pv(), 0);
    }
}

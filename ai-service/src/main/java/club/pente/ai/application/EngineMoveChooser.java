package club.pente.ai.application;

import club.pente.ai.engine.Budget;
import club.pente.ai.engine.Engine;
import club.pente.ai.engine.EngineConfig;
import club.pente.ai.engine.SearchResult;
import club.pente.ai.gameclient.GameSnapshot.MoverClock;
import club.pente.core.notation.Notation;
import club.pente.core.notation.Replay;
import club.pente.core.rules.Position;
import club.pente.core.rules.Variant;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The engine behind the service. Engines are not thread-safe and carry a transposition table, so each
 * thinking thread keeps one per level (and table size) and reuses it from move to move.
 *
 * <p>Level 9 (and any configuration with more than one thread) searches in parallel on a share of the
 * cores: a {@link CoreShare} hands each search min(wanted, free) threads, at least one, so many games at
 * once stay fair. In a timed game the budget follows the mover's clock ({@link Budget#clock}); levels
 * below 8 never think longer than their own time (their strength is calibrated on it), levels 8 and 9
 * may think up to a few times longer when the clock allows. The variant comes with the position: an engine
 * follows it (one engine per level serves every variant; its table's hashes carry the variant).
 */
@ApplicationScoped
public class EngineMoveChooser implements MoveChooser {
    /** 2^18 entries of 16 bytes: 4 MB per engine keeps eight levels on a few threads within a small heap. */
    private static final int GAME_TABLE_BITS = 18;
    /** Level 9 games: 2^20 entries (16 MB) per engine, shared by its search threads. */
    private static final int TOP_TABLE_BITS = 20;
    /** From this level the clock may give more than the level's own time. */
    static final int STRETCH_LEVEL = 8;

    private final ThreadLocal<Map<Integer, Engine>> engines = ThreadLocal.withInitial(HashMap::new);
    private final CoreShare cores;

    public EngineMoveChooser() {
        this(new CoreShare(Runtime.getRuntime().availableProcessors()));
    }

    EngineMoveChooser(CoreShare cores) {
        this.cores = cores;
    }

    @Override
    public Analysis choose(Variant variant, List<String> moves, int level, Duration budget, long seed) {
        Position position = replay(variant, moves);
        return search(position, level, budget == null ? null : Budget.millis(budget.toMillis()), tableBits(level), seed);
    }

    @Override
    public Analysis chooseOnClock(Variant variant, List<String> moves, int level, MoverClock clock, long seed) {
        Position position = replay(variant, moves);
        return search(position, level, clock == null ? null : clockBudget(level, clock), tableBits(level), seed);
    }

    @Override
    public Analysis analyse(Position position, int level, Duration budget, int tableBits) {
        return search(position, level, budget == null ? null : Budget.millis(budget.toMillis()), tableBits, 0);
    }

    /** The budget for a move on the mover's clock; below {@link #STRETCH_LEVEL} capped at the level's own time. */
    static Budget clockBudget(int level, MoverClock clock) {
        long preferred = EngineConfig.level(level).millis();
        Budget budget = Budget.clock(clock.remainingMillis(), clock.incrementMillis(), clock.movesPlayed(), preferred);
        if (level >= STRETCH_LEVEL) {
            return budget;
        }
        return Budget.millis(Math.min(budget.millis(), preferred), Math.min(budget.hardMillis(), preferred));
    }

    private static int tableBits(int level) {
        return level >= EngineConfig.MAX_LEVEL ? TOP_TABLE_BITS : GAME_TABLE_BITS;
    }

    private Analysis search(Position position, int level, Budget budget, int tableBits, long seed) {
        Engine engine = engines.get().computeIfAbsent(level * 32 + tableBits,
                key -> new Engine(EngineConfig.level(level).withTtBits(tableBits), seed));
        SearchResult result;
        try (CoreShare.Lease lease = cores.take(engine.config().threads())) {
            result = engine.bestMove(position, budget == null ? engine.config().defaultBudget() : budget, lease.threads());
        }
        return new Analysis(Notation.format(result.move()), result.score(), result.depth(), result.nodes(),
                result.pv().stream().map(Notation::format).toList(), result.timeMs());
    }

    static Position replay(Variant variant, List<String> moves) {
        Replay.Outcome replay = Replay.of(Variant.orDefault(variant), moves);
        if (replay.failed()) {
            throw new IllegalArgumentException("move " + replay.badPly() + ": " + replay.error());
        }
        Position position = replay.position();
        if (position.status().isOver()) {
            throw new IllegalArgumentException("the game is already over (" + position.status() + ", " + position.reason() + ")");
        }
        return position;
    }
}

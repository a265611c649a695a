package club.pente.ai.application;

import club.pente.ai.engine.Budget;
import club.pente.ai.engine.Engine;
import club.pente.ai.engine.EngineConfig;
import club.pente.ai.engine.SearchResult;
import club.pente.core.notation.Notation;
import club.pente.core.notation.Replay;
import club.pente.core.rules.Position;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The engine behind the service. Engines are not thread-safe and carry a transposition table, so each
 * thinking thread keeps one per level (and table size) and reuses it from move to move.
 */
@ApplicationScoped
public class EngineMoveChooser implements MoveChooser {
    /** 2^18 entries of 16 bytes: 4 MB per engine keeps eight levels on a few threads within a small heap. */
    private static final int GAME_TABLE_BITS = 18;

    private final ThreadLocal<Map<Integer, Engine>> engines = ThreadLocal.withInitial(HashMap::new);

    @Override
    public Analysis choose(List<String> moves, int level, Duration budget, long seed) {
        return search(replay(moves), level, budget, GAME_TABLE_BITS, seed);
    }

    @Override
    public Analysis analyse(Position position, int level, Duration budget, int tableBits) {
        return search(position, level, budget, tableBits, 0);
    }

    private Analysis search(Position position, int level, Duration budget, int tableBits, long seed) {
        Engine engine = engines.get().computeIfAbsent(level * 32 + tableBits,
                key -> new Engine(EngineConfig.level(level).withTtBits(tableBits), seed));
        SearchResult result = budget == null
                ? engine.bestMove(position)
                : engine.bestMove(position, Budget.millis(budget.toMillis()));
        return new Analysis(Notation.format(result.move()), result.score(), result.depth(), result.nodes(),
                result.pv().stream().map(Notation::format).toList(), result.timeMs());
    }

    static Position replay(List<String> moves) {
        Replay.Outcome replay = Replay.of(moves);
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

package club.pente.bench;

import club.pente.core.rules.Position;
import club.pente.core.rules.RandomGames;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Moves applied per second by the rules core over random legal games. Each operation applies one move
 * (placement, capture scan, five/fifth-pair/full-board check, hash update) and later undoes it, so the
 * score in ops/s is "moves applied and taken back per second" on one thread.
 *
 * <p>The games are generated once, outside the measurement: 100 000 moves cut from random games played
 * to their end (captures and wins included).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RulesBenchmark {
    static final int MOVES = 100_000;

    private int[][] games;
    private final Position position = new Position();

    @Setup
    public void generate() {
        SplittableRandom random = new SplittableRandom(42);
        List<int[]> list = new ArrayList<>();
        int total = 0;
        while (total < MOVES) {
            int[] game = RandomGames.play(new Position(), random, Math.min(400, MOVES - total));
            list.add(game);
            total += game.length;
        }
        games = list.toArray(new int[0][]);
    }

    @Benchmark
    @OperationsPerInvocation(MOVES)
    public long applyAndUndo() {
        final Position p = position;
        long sum = 0;
        for (int[] game : games) {
            for (int move : game) {
                sum += p.apply(move);
            }
            sum += p.hash();
            for (int i = game.length; i > 0; i--) {
                p.undo();
            }
        }
        return sum;
    }
}

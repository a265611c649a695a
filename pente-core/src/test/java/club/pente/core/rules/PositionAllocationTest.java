package club.pente.core.rules;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The move path (apply, undo, the counters) allocates nothing in any variant: engines call it millions of times. */
class PositionAllocationTest {

    @ParameterizedTest
    @EnumSource(Variant.class)
    void applyAndUndoAllocateNothing(Variant variant) {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "no per-thread allocation counter on this JVM");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());

        int[][] games = new int[20][];
        int captures = 0;
        for (int i = 0; i < games.length; i++) {
            Position game = RandomGames.game(variant, new SplittableRandom(i), 400);
            games[i] = new int[game.ply()];
            for (int ply = 1; ply <= game.ply(); ply++) {
                games[i][ply - 1] = game.pointAt(ply);
                captures += game.capturedAt(ply).length;
            }
        }
        if (variant != Variant.GOMOKU) {
            assertThat(captures).as("the games capture").isPositive();
        }
        Position position = new Position(variant);
        long sink = run(position, games); // warm up (and let the JIT compile off this thread)
        long id = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(id);
        for (int round = 0; round < 20; round++) {
            sink += run(position, games);
        }
        long allocated = threads.getThreadAllocatedBytes(id) - before;
        assertThat(sink).isNotZero();
        // A few hundred bytes of slack for the counter call itself; one boxed value per move would be megabytes.
        assertThat(allocated).as("bytes allocated over %d moves", 20 * moves(games)).isLessThan(1_024);
    }

    private static long run(Position position, int[][] games) {
        long sum = 0;
        for (int[] game : games) {
            for (int move : game) {
                sum += position.apply(move) + position.capturedStones(Color.WHITE) + position.hash();
            }
            sum += position.status().ordinal() + position.points(Color.BLACK);
            for (int i = game.length; i > 0; i--) {
                position.undo();
            }
        }
        return sum;
    }

    private static int moves(int[][] games) {
        int n = 0;
        for (int[] game : games) {
            n += game.length;
        }
        return n;
    }
}

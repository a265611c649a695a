package club.pente.testinfra;

import java.time.Duration;
import java.util.function.Supplier;

/** Waiting for a condition with a deadline, polling every 20 ms: never a sleep standing in for it. */
public final class Await {
    private Await() {
    }

    /** The first non-null answer of {@code found} within {@code within}; fails the test (naming {@code what}) after it. */
    public static <T> T until(String what, Supplier<T> found, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            T value = found.get();
            if (value != null) {
                return value;
            }
            if (System.nanoTime() - deadline >= 0) {
                throw new AssertionError("no " + what + " within " + within);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}

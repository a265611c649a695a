package club.pente.stack;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** A point in time by which something must have happened. */
public record Deadline(long nanos) {

    public static Deadline after(Duration d) {
        return new Deadline(System.nanoTime() + d.toNanos());
    }

    public boolean passed() {
        return System.nanoTime() - nanos > 0;
    }

    /** Polls {@code condition} every {@code interval} until it holds (true) or the deadline passes (false). */
    public boolean await(BooleanSupplier condition, Duration interval) throws InterruptedException {
        while (!condition.getAsBoolean()) {
            if (passed()) {
                return false;
            }
            Thread.sleep(interval.toMillis());
        }
        return true;
    }
}

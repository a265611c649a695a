package club.pente.messaging;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Wakes a background loop early (new work was just committed here) instead of letting it wait for its
 * next tick: the outbox relay after a commit, matchmaking's pairing loop after a seek. Wakes that come
 * while the loop is busy fold into one.
 */
public final class WakeSignal {
    private final Semaphore pending = new Semaphore(0);

    public void wake() {
        if (pending.availablePermits() == 0) {
            pending.release();
        }
    }

    /** Returns when woken or after {@code millis}, whichever comes first, and consumes the wake. */
    public void await(long millis) throws InterruptedException {
        if (pending.tryAcquire(millis, TimeUnit.MILLISECONDS)) {
            pending.drainPermits();
        }
    }
}

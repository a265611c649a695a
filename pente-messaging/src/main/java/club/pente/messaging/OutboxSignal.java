package club.pente.messaging;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/** Wakes the outbox relay as soon as its process commits events, instead of waiting for its next poll. */
public final class OutboxSignal {
    private final Semaphore pending = new Semaphore(0);

    public void wake() {
        if (pending.availablePermits() == 0) {
            pending.release();
        }
    }

    /** Waits until woken or the timeout passes. */
    public void await(long millis) throws InterruptedException {
        if (pending.tryAcquire(millis, TimeUnit.MILLISECONDS)) {
            pending.drainPermits();
        }
    }
}

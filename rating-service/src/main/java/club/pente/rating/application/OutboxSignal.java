package club.pente.rating.application;

import jakarta.enterprise.context.ApplicationScoped;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/** Wakes the outbox relay as soon as this instance commits rating changes, instead of waiting for its next poll. */
@ApplicationScoped
public class OutboxSignal {
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

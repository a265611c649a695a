package club.pente.messaging;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class WakeSignalTest {

    @Test
    void aWakeBeforeTheWaitIsNotLost() throws Exception {
        WakeSignal signal = new WakeSignal();
        signal.wake();
        long start = System.nanoTime();
        signal.await(60_000);
        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start)).isLessThan(30);
    }

    @Test
    void manyWakesFoldIntoOne() throws Exception {
        WakeSignal signal = new WakeSignal();
        signal.wake();
        signal.wake();
        signal.wake();
        signal.await(60_000);
        long start = System.nanoTime();
        signal.await(50);
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isGreaterThanOrEqualTo(45);
    }

    @Test
    void aWaiterReturnsWhenWoken() throws Exception {
        WakeSignal signal = new WakeSignal();
        CompletableFuture<Void> waiter = CompletableFuture.runAsync(() -> {
            try {
                signal.await(600_000);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        signal.wake();
        waiter.get(30, TimeUnit.SECONDS);
        assertThat(waiter).isCompleted();
    }
}

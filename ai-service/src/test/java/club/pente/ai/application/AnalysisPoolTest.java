package club.pente.ai.application;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.Cancellable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * {@link AnalysisPool#run}: the hard limit, a caller who goes away, the queue-wait bound and a task's own refusal;
 * one thread, a queue of one, and a clock the test moves (the queue wait and the quotas read it).
 */
class AnalysisPoolTest {
    static final Duration MAX_QUEUE_WAIT = Duration.ofSeconds(5);

    /** A clock that moves only when told. */
    static final class TestClock extends Clock {
        private volatile Instant now = Instant.parse("2026-12-02T06:00:00Z");

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private final TestClock clock = new TestClock();
    private final AnalysisPool pool = new AnalysisPool(null, new SimpleMeterRegistry(), settings(1, 1, 1), clock);

    @AfterEach
    void stop() {
        pool.stop(null);
    }

    @Test
    void aTaskPastItsHardLimitIsInterruptedAndAnsweredAndTheThreadServesTheNextUntouched() throws Exception {
        AtomicBoolean interrupted = new AtomicBoolean();
        Uni<String> slow = pool.run("slow", Duration.ofMillis(200), () -> {
            try {
                new CountDownLatch(1).await(); // never counted down: only an interrupt ends it
                return "impossible";
            } catch (InterruptedException e) {
                interrupted.set(true);
                throw e;
            }
        });
        Throwable failure = catchThrowable(() -> slow.await().atMost(Duration.ofSeconds(10)));
        assertThat(failure).isInstanceOf(AnalysisPool.Refused.class);
        assertThat(((AnalysisPool.Refused) failure).status()).isEqualTo(503);
        assertThat(((AnalysisPool.Refused) failure).error()).isEqualTo("ANALYSIS_TIMEOUT");
        await().atMost(Duration.ofSeconds(10)).until(() -> pool.running() == 0);
        assertThat(interrupted).isTrue();
        // The same (only) thread runs the next task, with no interrupt left over.
        assertThat(pool.run("next", Duration.ofSeconds(10), () -> Thread.currentThread().isInterrupted())
                .await().atMost(Duration.ofSeconds(10))).isFalse();
    }

    @Test
    void aCallerWhoGoesAwayLeavesTheQueueUnsearchedAndKeepsItsQuota() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> first = pool.run("first", null, () -> {
            release.await();
            return "first";
        }).subscribeAsCompletionStage().toCompletableFuture();
        await().atMost(Duration.ofSeconds(10)).until(() -> pool.running() == 1);
        AtomicBoolean ran = new AtomicBoolean();
        Cancellable waiting = pool.run("impatient", null, () -> ran.getAndSet(true)).subscribe().with(item -> { }, failure -> { });
        assertThat(pool.queued()).isEqualTo(1);
        waiting.cancel();
        release.countDown();
        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("first");
        await().atMost(Duration.ofSeconds(10)).until(() -> pool.queued() == 0 && pool.running() == 0);
        // The abandoned task was skipped, and its start given back: the caller's one analysis a minute is still there.
        assertThat(pool.run("impatient", null, () -> "again").await().atMost(Duration.ofSeconds(10))).isEqualTo("again");
        assertThat(ran).isFalse();
    }

    @Test
    void aCallerWhoGoesAwayGivesBackItsPlaceInTheQueueAtOnce() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> first = pool.run("first", null, () -> {
            release.await();
            return "first";
        }).subscribeAsCompletionStage().toCompletableFuture();
        await().atMost(Duration.ofSeconds(10)).until(() -> pool.running() == 1);
        Cancellable waiting = pool.run("impatient", null, () -> "never").subscribe().with(item -> { }, failure -> { });
        assertThat(pool.queued()).isEqualTo(1);
        waiting.cancel();
        // The queue (one place) is free while the first still runs: another caller is queued, not refused as busy.
        assertThat(pool.queued()).isZero();
        CompletableFuture<String> next = pool.run("next", null, () -> "next").subscribeAsCompletionStage().toCompletableFuture();
        assertThat(next).isNotCompletedExceptionally();
        assertThat(pool.queued()).isEqualTo(1);
        release.countDown();
        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("first");
        assertThat(next.get(10, TimeUnit.SECONDS)).isEqualTo("next");
    }

    @Test
    void aTaskThatWaitedPastMaxQueueWaitIsDroppedAnsweredBusyAndRefunded() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> first = pool.run("first", null, () -> {
            release.await();
            return "first";
        }).subscribeAsCompletionStage().toCompletableFuture();
        await().atMost(Duration.ofSeconds(10)).until(() -> pool.running() == 1);
        AtomicBoolean ran = new AtomicBoolean();
        CompletableFuture<Boolean> late = pool.run("late", null, () -> ran.getAndSet(true)).subscribeAsCompletionStage().toCompletableFuture();
        clock.advance(MAX_QUEUE_WAIT.plusMillis(1));
        release.countDown();
        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("first");
        Throwable failure = catchThrowable(() -> late.get(10, TimeUnit.SECONDS));
        assertThat(failure.getCause()).isInstanceOf(AnalysisPool.Refused.class);
        AnalysisPool.Refused busy = (AnalysisPool.Refused) failure.getCause();
        assertThat(busy.status()).isEqualTo(503);
        assertThat(busy.error()).isEqualTo("ANALYSIS_BUSY");
        assertThat(busy.retryAfterSeconds()).isPositive();
        assertThat(ran).as("dropped before it started").isFalse();
        // Its one analysis a minute was given back.
        assertThat(pool.run("late", null, () -> "again").await().atMost(Duration.ofSeconds(10))).isEqualTo("again");
    }

    @Test
    void aTaskThatWaitedExactlyMaxQueueWaitStillRuns() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> first = pool.run("first", null, () -> {
            release.await();
            return "first";
        }).subscribeAsCompletionStage().toCompletableFuture();
        await().atMost(Duration.ofSeconds(10)).until(() -> pool.running() == 1);
        CompletableFuture<String> patient = pool.run("patient", null, () -> "searched").subscribeAsCompletionStage().toCompletableFuture();
        clock.advance(MAX_QUEUE_WAIT);
        release.countDown();
        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("first");
        assertThat(patient.get(10, TimeUnit.SECONDS)).isEqualTo("searched");
    }

    @Test
    void aTasksOwnRefusalReachesTheCallerAndRefundsTheQuota() {
        Throwable failure = catchThrowable(() -> pool.run("refused", null, () -> {
            throw AnalysisPool.Refused.of(409, "NOT_YOUR_TURN", "a hint is for your own turn");
        }).await().atMost(Duration.ofSeconds(10)));
        assertThat(((AnalysisPool.Refused) failure).error()).isEqualTo("NOT_YOUR_TURN");
        assertThat(((AnalysisPool.Refused) failure).retryAfterSeconds()).isZero();
        // One a minute, and that one was refunded.
        assertThat(pool.run("refused", null, () -> "counted").await().atMost(Duration.ofSeconds(10))).isEqualTo("counted");
        Throwable over = catchThrowable(() -> pool.run("refused", null, () -> "too many").await().atMost(Duration.ofSeconds(10)));
        assertThat(((AnalysisPool.Refused) over).error()).isEqualTo("ANALYSIS_QUOTA");
    }

    static AiSettings settings(int threads, int queue, int perMinute) {
        return new AiSettings() {
            @Override
            public int threads() {
                return 1;
            }

            @Override
            public Analysis analysis() {
                return new Analysis() {
                    @Override
                    public int threads() {
                        return threads;
                    }

                    @Override
                    public int queue() {
                        return queue;
                    }

                    @Override
                    public Duration maxThink() {
                        return Duration.ofSeconds(2);
                    }

                    @Override
                    public Duration maxQueueWait() {
                        return MAX_QUEUE_WAIT;
                    }

                    @Override
                    public int tableBits() {
                        return 16;
                    }

                    @Override
                    public PerCaller perCaller() {
                        return new PerCaller() {
                            @Override
                            public int concurrent() {
                                return 1;
                            }

                            @Override
                            public int perMinute() {
                                return perMinute;
                            }
                        };
                    }

                    @Override
                    public int maxCallers() {
                        return 100;
                    }
                };
            }

            @Override
            public Review review() {
                return () -> Duration.ofSeconds(20);
            }

            @Override
            public Hints hints() {
                return () -> 8;
            }
        };
    }
}

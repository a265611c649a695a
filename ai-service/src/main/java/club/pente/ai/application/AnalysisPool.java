package club.pente.ai.application;

import club.pente.core.rules.Position;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where analyses for people run: a small fixed pool of its own with a bounded queue, apart from the
 * threads that play the computer's moves in games, so that no number of analyses can delay a game's
 * move behind them. Each caller is held to {@link CallerQuotas}; every search is capped at
 * {@code max-think} whatever was asked, and its engines use small transposition tables. A task that waited in
 * the queue longer than {@code max-queue-wait} is dropped when its turn comes (quota given back, 503 ANALYSIS_BUSY):
 * by then the gateway may have given up on its caller, and searching for nobody delays everyone behind it.
 */
@ApplicationScoped
public class AnalysisPool {

    /** An analysis that was not started: the HTTP status, a code, a sentence and when to try again. */
    public static final class Refused extends RuntimeException {
        private final int status;
        private final String error;
        private final Duration retryAfter;

        Refused(int status, String error, String message, Duration retryAfter) {
            super(message, null, false, false);
            this.status = status;
            this.error = error;
            this.retryAfter = retryAfter;
        }

        /**
         * A task's own refusal (e.g. the game service refused a hint): thrown by a task given to {@link #run}, it
         * reaches the caller as is and gives the caller's quota back, since nothing was searched.
         */
        public static Refused of(int status, String error, String message) {
            return new Refused(status, error, message, null);
        }

        public int status() {
            return status;
        }

        public String error() {
            return error;
        }

        /** Whole seconds, at least 1, for a Retry-After header; 0 when trying again later would not help. */
        public long retryAfterSeconds() {
            return retryAfter == null ? 0 : Math.max(1, (retryAfter.toMillis() + 999) / 1000);
        }
    }

    private final MoveChooser chooser;
    private final CallerQuotas quotas;
    private final ThreadPoolExecutor analysts;
    private final Duration maxThink;
    private final Duration maxQueueWait;
    private final Clock clock;
    private final int tableBits;
    private final int queueLimit;
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger queued = new AtomicInteger();
    private final MeterRegistry registry;
    private final ScheduledThreadPoolExecutor timer;

    @Inject
    public AnalysisPool(MoveChooser chooser, MeterRegistry registry, AiSettings settings) {
        this(chooser, registry, settings, Clock.systemUTC());
    }

    /** With the clock that times the queue wait and the quotas (a test's own). */
    AnalysisPool(MoveChooser chooser, MeterRegistry registry, AiSettings settings, Clock clock) {
        AiSettings.Analysis analysis = settings.analysis();
        int threads = analysis.threads();
        int queueLimit = analysis.queue();
        Duration maxThink = analysis.maxThink();
        int tableBits = analysis.tableBits();
        Duration maxQueueWait = analysis.maxQueueWait();
        if (threads < 1 || queueLimit < 0 || maxThink.isNegative() || maxThink.isZero() || tableBits < 10 || tableBits > 20
                || maxQueueWait.isNegative() || maxQueueWait.isZero()) {
            throw new IllegalArgumentException("pente.ai.analysis: threads >= 1, queue >= 0, max-think > 0, table-bits 10..20, max-queue-wait > 0");
        }
        this.maxQueueWait = maxQueueWait;
        this.clock = clock;
        this.chooser = chooser;
        this.registry = registry;
        this.maxThink = maxThink;
        this.tableBits = tableBits;
        this.queueLimit = queueLimit;
        this.quotas = new CallerQuotas(analysis.perCaller().concurrent(), analysis.perCaller().perMinute(), analysis.maxCallers(), clock);
        BlockingQueue<Runnable> queue = queueLimit == 0 ? new SynchronousQueue<>() : new ArrayBlockingQueue<>(queueLimit);
        AtomicInteger n = new AtomicInteger();
        this.analysts = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, queue, task -> {
            Thread thread = new Thread(task, "ai-analyst-" + n.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        }, new ThreadPoolExecutor.AbortPolicy());
        this.timer = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "ai-analyst-watchdog");
            thread.setDaemon(true);
            return thread;
        });
        this.timer.setRemoveOnCancelPolicy(true);
        registry.gauge("pente.ai.analysis.running", running);
        registry.gauge("pente.ai.analysis.queued", queued);
    }

    /**
     * Queues an analysis for the caller (a verified subject), or fails at once with {@link Refused}: 429
     * when the caller is over a quota, 503 when the pool and its queue are full. The search takes the
     * level's own time, or {@code requested}, but never more than {@code max-think}.
     */
    public Uni<Analysis> submit(String caller, Position position, int level, Duration requested) {
        Duration budget = thinkTime(level, requested);
        return run(caller, null, () -> chooser.analyse(position, level, budget, tableBits));
    }

    /**
     * Runs a search for people (an analysis, a hint, a review) on the pool under the caller's quotas, refused at
     * once like {@link #submit}. With a {@code hardLimit}, a task still running that long after it started is
     * interrupted and its caller answered 503 ANALYSIS_TIMEOUT; its thread is free again once the task notices
     * (a review checks between its searches, each of which has a budget of its own). A caller who goes away (the
     * answer's subscription is cancelled) leaves the queue (its place there is free at once), or interrupts its
     * running task the same way. A task that waited longer than {@code max-queue-wait} is not started: 503
     * ANALYSIS_BUSY. A {@link Refused} thrown by the task, or a task never started, refunds the caller's quota.
     */
    public <T> Uni<T> run(String caller, Duration hardLimit, Callable<T> task) {
        CallerQuotas.Decision decision = quotas.acquire(caller);
        if (decision instanceof CallerQuotas.Refusal refusal) {
            refused(refusal.limit().name());
            return Uni.createFrom().failure(switch (refusal.limit()) {
                case CONCURRENT -> new Refused(429, "TOO_MANY_ANALYSES", "one analysis at a time per player: wait for the last one", refusal.retryAfter());
                case PER_MINUTE -> new Refused(429, "ANALYSIS_QUOTA", "too many analyses this minute: try again later", refusal.retryAfter());
                case TOO_MANY_CALLERS -> new Refused(503, "ANALYSIS_BUSY", "the analysis service is busy: try again later", refusal.retryAfter());
            });
        }
        CallerQuotas.Permit permit = (CallerQuotas.Permit) decision;
        Job<T> job = new Job<>(permit, clock.instant());
        queued.incrementAndGet();
        try {
            job.runnable = () -> {
                queued.decrementAndGet();
                if (!job.start(Thread.currentThread(), hardLimit)) {
                    permit.refund(); // its caller went away, or waited too long: never searched
                    return;
                }
                running.incrementAndGet();
                T value = null;
                Throwable failure = null;
                try {
                    value = task.call();
                } catch (Exception e) {
                    failure = e;
                } finally {
                    job.end();
                    running.decrementAndGet();
                    // The quota is settled before the caller hears the answer, so its next call is not refused as
                    // still running.
                    if (failure instanceof Refused) {
                        permit.refund();
                    } else {
                        permit.release();
                    }
                }
                if (failure == null) {
                    job.result.complete(value);
                } else {
                    job.result.completeExceptionally(failure);
                }
            };
            analysts.execute(job.runnable);
        } catch (RejectedExecutionException e) {
            queued.decrementAndGet();
            permit.refund();
            refused("POOL_FULL");
            return Uni.createFrom().failure(new Refused(503, "ANALYSIS_BUSY", "all analysis slots are taken: try again shortly", busyRetry()));
        }
        return Uni.createFrom().completionStage(job.result).onCancellation().invoke(job::abandon);
    }

    /**
     * One task's life on the pool: waiting, running on {@code worker}, ended. Interrupts (hard limit, caller gone)
     * reach the worker only while it runs this task, never the next one: its flag is cleared when the task ends.
     */
    private final class Job<T> {
        final CompletableFuture<T> result = new CompletableFuture<>();
        private final CallerQuotas.Permit permit;
        private final Instant queuedAt;
        /** What the pool's queue holds for this job, to take it out when its caller goes away. */
        volatile Runnable runnable;
        private Thread worker;
        private ScheduledFuture<?> alarm;
        private boolean abandoned;
        private boolean ended;

        Job(CallerQuotas.Permit permit, Instant queuedAt) {
            this.permit = permit;
            this.queuedAt = queuedAt;
        }

        /**
         * False when the task is skipped: its caller went away before a thread was free, or it waited longer than
         * max-queue-wait (answered 503 ANALYSIS_BUSY here).
         */
        synchronized boolean start(Thread thread, Duration hardLimit) {
            if (abandoned) {
                return false;
            }
            Duration waited = Duration.between(queuedAt, clock.instant());
            if (waited.compareTo(maxQueueWait) > 0) {
                refused("QUEUE_WAIT");
                result.completeExceptionally(new Refused(503, "ANALYSIS_BUSY", "the analysis waited " + waited.toMillis()
                        + " ms for a free slot and was dropped: try again shortly", busyRetry()));
                return false;
            }
            worker = thread;
            if (hardLimit != null) {
                alarm = timer.schedule(() -> timeOut(hardLimit), hardLimit.toMillis(), TimeUnit.MILLISECONDS);
            }
            return true;
        }

        private synchronized void timeOut(Duration hardLimit) {
            if (!ended && result.completeExceptionally(new Refused(503, "ANALYSIS_TIMEOUT",
                    "the search took longer than " + hardLimit.toMillis() + " ms and was stopped", Duration.ofSeconds(5)))) {
                refused("TIMEOUT");
                worker.interrupt();
            }
        }

        synchronized void abandon() {
            abandoned = true;
            if (worker == null) {
                // Never to be searched: its place in the queue and the caller's quota back at once. Not in the queue
                // any more means a worker has just taken it: start() sees it abandoned (the refund is idempotent).
                if (analysts.remove(runnable)) {
                    queued.decrementAndGet();
                }
                permit.refund();
            } else if (!ended) {
                refused("CALLER_GONE");
                worker.interrupt();
            }
        }

        void end() {
            synchronized (this) {
                ended = true;
                if (alarm != null) {
                    alarm.cancel(false);
                }
            }
            Thread.interrupted();
        }
    }

    /** When a refused-for-busy caller should try again: about the time the queue ahead needs to drain. */
    private Duration busyRetry() {
        return maxThink.multipliedBy(1 + queueLimit / analysts.getMaximumPoolSize());
    }

    /** The think time of an analysis: the level's own or the one asked for, capped at {@code max-think}. */
    public Duration thinkTime(int level, Duration requested) {
        Duration wanted = requested != null ? requested : Duration.ofMillis(club.pente.ai.engine.EngineConfig.level(level).millis());
        return wanted.compareTo(maxThink) > 0 ? maxThink : wanted;
    }

    public Duration maxThink() {
        return maxThink;
    }

    /** Analyses now being searched. */
    public int running() {
        return running.get();
    }

    /** Analyses accepted and waiting for a thread. */
    public int queued() {
        return queued.get();
    }

    private void refused(String reason) {
        registry.counter("pente.ai.analysis.refused", "reason", reason).increment();
    }

    void stop(@Observes ShutdownEvent event) {
        analysts.shutdownNow();
        timer.shutdownNow();
    }

    public int tableBits() {
        return tableBits;
    }

}

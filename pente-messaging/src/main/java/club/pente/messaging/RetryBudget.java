package club.pente.messaging;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * How a consumer retries the handling of one record: failures of kind {@link FailureKind#RECORD} get at
 * most {@code attempts} tries in all, then the last failure is passed on (the caller dead-letters the
 * record and moves on); an {@link FailureKind#OUTAGE} is waited out, since skipping records then would
 * only lose good ones. Backoff doubles from {@code firstBackoff} up to {@code maxBackoff}. Each attempt
 * runs on the Vert.x context the first one ran on, as reactive database sessions require.
 */
public record RetryBudget(int attempts, Duration firstBackoff, Duration maxBackoff) {

    /** Told about every failure that is retried. */
    public interface Listener {
        void retrying(Throwable failure, FailureKind kind, int attempt, Duration delay);
    }

    public RetryBudget {
        if (attempts < 1) {
            throw new IllegalArgumentException("at least one attempt");
        }
        if (firstBackoff.isNegative() || maxBackoff.compareTo(firstBackoff) < 0) {
            throw new IllegalArgumentException("backoff must be 0 <= first <= max");
        }
    }

    public <T> Uni<T> run(Supplier<? extends Uni<? extends T>> work, Listener listener) {
        Context context = Vertx.currentContext();
        return attempt(work, listener, context, 0, 0);
    }

    private <T> Uni<T> attempt(Supplier<? extends Uni<? extends T>> work, Listener listener, Context context, int recordFailures, int tries) {
        return Uni.createFrom().<T>deferred(work::get).onFailure().recoverWithUni(failure -> {
            FailureKind kind = FailureKind.of(failure);
            if (kind == FailureKind.BAD_RECORD) {
                return Uni.createFrom().failure(failure);
            }
            int failures = kind == FailureKind.RECORD ? recordFailures + 1 : recordFailures;
            if (failures >= attempts) {
                return Uni.createFrom().failure(failure);
            }
            Duration delay = backoff(tries);
            listener.retrying(failure, kind, tries + 1, delay);
            return after(delay, context).chain(() -> attempt(work, listener, context, failures, tries + 1));
        });
    }

    Duration backoff(int tries) {
        long millis = firstBackoff.toMillis() << Math.min(tries, 20);
        return Duration.ofMillis(Math.min(millis, maxBackoff.toMillis()));
    }

    private static Uni<Void> after(Duration delay, Context context) {
        if (context == null) {
            return Uni.createFrom().completionStage(() -> CompletableFuture.runAsync(() -> { },
                    CompletableFuture.delayedExecutor(delay.toMillis(), TimeUnit.MILLISECONDS)));
        }
        return Uni.createFrom().emitter(emitter -> context.owner().setTimer(Math.max(1, delay.toMillis()),
                id -> context.runOnContext(ignored -> emitter.complete(null))));
    }
}

package club.pente.ai.application;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-caller limits on analyses: at most {@code concurrent} at once (queued or running) and at most
 * {@code perMinute} started in any rolling minute. Callers are the subjects of verified tokens. Idle
 * callers are forgotten once their minute has passed, and no more than {@code maxCallers} are tracked,
 * so that a flood of fresh identities cannot grow the table without bound.
 */
public final class CallerQuotas {
    static final Duration WINDOW = Duration.ofMinutes(1);

    /** Why a caller was refused, and when trying again can succeed. */
    public enum Limit { CONCURRENT, PER_MINUTE, TOO_MANY_CALLERS }

    /** The answer to {@link #acquire}: a permit to release when the analysis ends, or a refusal. */
    public sealed interface Decision permits Permit, Refusal {
    }

    public record Refusal(Limit limit, Duration retryAfter) implements Decision {
    }

    public static final class Permit implements Decision {
        private final Usage usage;
        private final Instant startedAt;
        private boolean released;

        private Permit(Usage usage, Instant startedAt) {
            this.usage = usage;
            this.startedAt = startedAt;
        }

        /** The analysis ended (or failed): frees the concurrent slot; the start still counts for the minute. */
        public void release() {
            end(this, false);
        }

        /** The analysis never ran (the pool refused it): frees the slot and gives the start back. */
        public void refund() {
            end(this, true);
        }
    }

    private static final class Usage {
        int running;
        boolean forgotten;
        final ArrayDeque<Instant> starts = new ArrayDeque<>();
    }

    private final int concurrent;
    private final int perMinute;
    private final int maxCallers;
    private final Clock clock;
    private final Map<String, Usage> usage = new ConcurrentHashMap<>();

    public CallerQuotas(int concurrent, int perMinute, int maxCallers, Clock clock) {
        if (concurrent < 1 || perMinute < 1 || maxCallers < 1) {
            throw new IllegalArgumentException("quotas must be at least 1");
        }
        this.concurrent = concurrent;
        this.perMinute = perMinute;
        this.maxCallers = maxCallers;
        this.clock = clock;
    }

    public Decision acquire(String caller) {
        Instant now = clock.instant();
        if (!usage.containsKey(caller) && usage.size() >= maxCallers) {
            forgetIdle(now);
            if (usage.size() >= maxCallers) {
                return new Refusal(Limit.TOO_MANY_CALLERS, Duration.ofSeconds(10));
            }
        }
        while (true) {
            Usage mine = usage.computeIfAbsent(caller, c -> new Usage());
            synchronized (mine) {
                if (!mine.forgotten) {
                    return decide(mine, now);
                }
            }
        }
    }

    /** Called holding the caller's lock. */
    private Decision decide(Usage mine, Instant now) {
        expire(mine, now);
        if (mine.running >= concurrent) {
            return new Refusal(Limit.CONCURRENT, Duration.ofSeconds(1));
        }
        if (mine.starts.size() >= perMinute) {
            Duration wait = Duration.between(now, mine.starts.peekFirst().plus(WINDOW));
            return new Refusal(Limit.PER_MINUTE, wait.isNegative() ? Duration.ZERO : wait);
        }
        mine.running++;
        mine.starts.addLast(now);
        return new Permit(mine, now);
    }

    /** Analyses of this caller now queued or running. */
    public int running(String caller) {
        Usage mine = usage.get(caller);
        if (mine == null) {
            return 0;
        }
        synchronized (mine) {
            return mine.running;
        }
    }

    int trackedCallers() {
        return usage.size();
    }

    private static void end(Permit permit, boolean refund) {
        Usage mine = permit.usage;
        synchronized (mine) {
            if (permit.released) {
                return;
            }
            permit.released = true;
            mine.running--;
            if (refund) {
                mine.starts.removeLastOccurrence(permit.startedAt);
            }
        }
    }

    private void forgetIdle(Instant now) {
        usage.entrySet().removeIf(entry -> {
            Usage u = entry.getValue();
            synchronized (u) {
                expire(u, now);
                u.forgotten = u.running == 0 && u.starts.isEmpty();
                return u.forgotten;
            }
        });
    }

    private static void expire(Usage u, Instant now) {
        Instant oldest = now.minus(WINDOW);
        while (!u.starts.isEmpty() && !u.starts.peekFirst().isAfter(oldest)) {
            u.starts.pollFirst();
        }
    }
}

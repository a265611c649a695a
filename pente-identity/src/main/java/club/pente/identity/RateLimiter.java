package club.pente.identity;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * At most {@code limit} events per key (a verified identity, an address) in each fixed window, counted
 * in this process: the per-minute quotas of the services' edges. A refusal says when the key's window
 * ends, for a 429's Retry-After. Memory is bounded: windows that ended are dropped once the map holds
 * {@code maxKeys}, and while it is still full a new key is refused rather than remembered.
 */
public final class RateLimiter {
    private final int limit;
    private final Duration window;
    private final Clock clock;
    private final int maxKeys;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();

    private record Window(Instant start, int count) {
    }

    public RateLimiter(int limit, Duration window, Clock clock, int maxKeys) {
        if (limit < 1 || window.isNegative() || window.isZero() || maxKeys < 1) {
            throw new IllegalArgumentException("a limit and a window are positive");
        }
        this.limit = limit;
        this.window = window;
        this.clock = clock;
        this.maxKeys = maxKeys;
    }

    public RateLimiter(int limit, Duration window) {
        this(limit, window, Clock.systemUTC(), 100_000);
    }

    public int limit() {
        return limit;
    }

    /** Counts one event for {@code key}: empty when allowed, else how long until the key may try again. */
    public Optional<Duration> tryAcquire(String key) {
        Instant now = clock.instant();
        if (!windows.containsKey(key) && windows.size() >= maxKeys) {
            windows.values().removeIf(w -> !now.isBefore(w.start().plus(window)));
            if (windows.size() >= maxKeys) {
                return Optional.of(window);
            }
        }
        Window counted = windows.compute(key, (k, w) -> w == null || !now.isBefore(w.start().plus(window))
                ? new Window(now, 1) : new Window(w.start(), w.count() + 1));
        if (counted.count() <= limit) {
            return Optional.empty();
        }
        return Optional.of(Duration.between(now, counted.start().plus(window)));
    }

    /** Whole seconds to wait, at least 1: the value of a Retry-After header. */
    public static long retryAfterSeconds(Duration wait) {
        return Math.max(1, (wait.toMillis() + 999) / 1000);
    }
}

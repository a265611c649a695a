package club.pente.gateway.quota;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Token buckets by key (an address, an identity): {@code burst} requests at once, refilled at
 * {@code perSecond}: the gateway's smooth per-request limits (the services' per-minute quotas count fixed
 * windows instead, pente-identity's RateLimiter). Buckets that have refilled are forgotten by {@link #prune()}; the number of keys
 * is capped so that a flood of new keys cannot grow the map without bound (new keys beyond it are refused).
 */
public final class TokenBuckets {
    private final double burst;
    private final double perSecond;
    private final int maxKeys;
    private final LongSupplier nanoClock;
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

    private final class Bucket {
        private double tokens = burst;
        private long last = nanoClock.getAsLong();

        synchronized boolean take(long now) {
            refill(now);
            if (tokens < 1) {
                return false;
            }
            tokens -= 1;
            return true;
        }

        synchronized boolean full(long now) {
            refill(now);
            return tokens >= burst;
        }

        private void refill(long now) {
            tokens = Math.min(burst, tokens + (now - last) / 1e9 * perSecond);
            last = now;
        }
    }

    public TokenBuckets(int burst, double perSecond, int maxKeys, LongSupplier nanoClock) {
        if (burst < 1 || perSecond <= 0 || maxKeys < 1) {
            throw new IllegalArgumentException("a rate limit needs burst >= 1, perSecond > 0 and maxKeys >= 1");
        }
        this.burst = burst;
        this.perSecond = perSecond;
        this.maxKeys = maxKeys;
        this.nanoClock = nanoClock;
    }

    public TokenBuckets(int burst, double perSecond) {
        this(burst, perSecond, 100_000, System::nanoTime);
    }

    /** True when {@code key} may make one more request now (and counts it). */
    public boolean tryAcquire(String key) {
        Bucket bucket = buckets.get(key);
        if (bucket == null) {
            if (buckets.size() >= maxKeys) {
                prune();
                if (buckets.size() >= maxKeys) {
                    return false;
                }
            }
            bucket = buckets.computeIfAbsent(key, k -> new Bucket());
        }
        return bucket.take(nanoClock.getAsLong());
    }

    /** Whole seconds until a refused key has a request again (for Retry-After). */
    public long retryAfterSeconds() {
        return Math.max(1, (long) Math.ceil(1 / perSecond));
    }

    /** Forgets the buckets that are full again: they would behave exactly like new ones. */
    public void prune() {
        long now = nanoClock.getAsLong();
        buckets.values().removeIf(bucket -> bucket.full(now));
    }

    int keys() {
        return buckets.size();
    }
}

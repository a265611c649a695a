package club.pente.gateway.quota;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** At most {@code limit} concurrent connections (sockets, event streams) per key. */
public final class ConnectionLimiter {
    private final int limit;
    private final Map<String, Integer> open = new ConcurrentHashMap<>();

    public ConnectionLimiter(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("a connection limit is at least 1");
        }
        this.limit = limit;
    }

    /** Takes a place for {@code key}; false (and nothing taken) when it already holds {@code limit}. */
    public boolean tryAcquire(String key) {
        boolean[] taken = {false};
        open.compute(key, (k, count) -> {
            int current = count == null ? 0 : count;
            if (current >= limit) {
                return count;
            }
            taken[0] = true;
            return current + 1;
        });
        return taken[0];
    }

    public void release(String key) {
        open.computeIfPresent(key, (k, count) -> count <= 1 ? null : count - 1);
    }

    /** True when {@code key} could take one more place now (a check before a handshake; not a reservation). */
    public boolean hasRoom(String key) {
        return open.getOrDefault(key, 0) < limit;
    }

    public int count(String key) {
        return open.getOrDefault(key, 0);
    }

    public int limit() {
        return limit;
    }
}

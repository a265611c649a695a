package club.pente.gateway.ws;

/** A token bucket per connection: bursts are fine, a flood is not. */
final class RateLimit {
    private final double capacity;
    private final double perSecond;
    private double tokens;
    private long last = System.nanoTime();

    RateLimit(double capacity, double perSecond) {
        this.capacity = capacity;
        this.perSecond = perSecond;
        this.tokens = capacity;
    }

    synchronized boolean allow() {
        long now = System.nanoTime();
        tokens = Math.min(capacity, tokens + (now - last) / 1e9 * perSecond);
        last = now;
        if (tokens < 1) {
            return false;
        }
        tokens -= 1;
        return true;
    }
}

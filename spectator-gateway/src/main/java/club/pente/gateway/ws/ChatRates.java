package club.pente.gateway.ws;

import club.pente.gateway.quota.TokenBuckets;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The chat's rate limit: a token bucket per person per game ({@code pente.chat.burst} messages at once,
 * refilled over {@code pente.chat.window-seconds}), on this gateway. A person on two gateways could post
 * twice as fast; the game service's cap per channel bounds what that costs.
 */
@ApplicationScoped
public class ChatRates {
    private final TokenBuckets buckets;
    private final long retryAfterMillis;

    public ChatRates(ChatSettings settings) {
        double perSecond = (double) settings.burst() / settings.windowSeconds();
        this.buckets = new TokenBuckets(settings.burst(), perSecond);
        this.retryAfterMillis = (long) Math.ceil(1000 / perSecond);
    }

    /** True when the person may post one more message in the game now (and counts it). */
    boolean allow(String gameId, String personId) {
        return buckets.tryAcquire(gameId + " " + personId);
    }

    /** How long a refused person waits at most for the next message. */
    long retryAfterMillis() {
        return retryAfterMillis;
    }

    @Scheduled(every = "60s")
    void prune() {
        buckets.prune();
    }
}

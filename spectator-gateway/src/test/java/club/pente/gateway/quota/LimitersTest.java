package club.pente.gateway.quota;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

class LimitersTest {

    @Test
    void aBucketAllowsItsBurstThenItsRate() {
        AtomicLong now = new AtomicLong();
        TokenBuckets limiter = new TokenBuckets(3, 2, 10, now::get);
        assertThat(limiter.tryAcquire("a")).isTrue();
        assertThat(limiter.tryAcquire("a")).isTrue();
        assertThat(limiter.tryAcquire("a")).isTrue();
        assertThat(limiter.tryAcquire("a")).isFalse();
        assertThat(limiter.tryAcquire("b")).as("another key has its own bucket").isTrue();
        now.addAndGet(500_000_000); // half a second at 2/s: one more
        assertThat(limiter.tryAcquire("a")).isTrue();
        assertThat(limiter.tryAcquire("a")).isFalse();
        assertThat(limiter.retryAfterSeconds()).isEqualTo(1);
    }

    @Test
    void refilledBucketsAreForgottenAndNewKeysAreCapped() {
        AtomicLong now = new AtomicLong();
        TokenBuckets limiter = new TokenBuckets(1, 1, 2, now::get);
        assertThat(limiter.tryAcquire("a")).isTrue();
        assertThat(limiter.tryAcquire("b")).isTrue();
        assertThat(limiter.tryAcquire("c")).as("no room for a third key while both are busy").isFalse();
        now.addAndGet(2_000_000_000L);
        assertThat(limiter.tryAcquire("c")).as("a and b refilled: forgotten, room again").isTrue();
        limiter.prune();
        assertThat(limiter.keys()).isEqualTo(1);
    }

    @Test
    void connectionsAreCountedUntilReleased() {
        ConnectionLimiter limiter = new ConnectionLimiter(2);
        assertThat(limiter.tryAcquire("a")).isTrue();
        assertThat(limiter.hasRoom("a")).isTrue();
        assertThat(limiter.tryAcquire("a")).isTrue();
        assertThat(limiter.hasRoom("a")).isFalse();
        assertThat(limiter.tryAcquire("a")).isFalse();
        assertThat(limiter.count("a")).isEqualTo(2);
        limiter.release("a");
        assertThat(limiter.tryAcquire("a")).isTrue();
        limiter.release("a");
        limiter.release("a");
        limiter.release("a"); // one too many: never below zero
        assertThat(limiter.count("a")).isZero();
        assertThat(limiter.tryAcquire("a")).isTrue();
        assertThat(limiter.count("a")).isEqualTo(1);
    }
}

package club.pente.identity;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

class RateLimiterTest {
    private static final class MovableClock extends Clock {
        private Instant now = Instant.parse("2026-01-01T00:00:00Z");

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }

    @Test
    void allowsTheLimitPerKeyAndWindowThenSaysHowLongToWait() {
        MovableClock clock = new MovableClock();
        RateLimiter limiter = new RateLimiter(3, Duration.ofMinutes(1), clock, 100);
        for (int i = 0; i < 3; i++) {
            assertThat(limiter.tryAcquire("a")).isEmpty();
        }
        clock.now = clock.now.plusSeconds(20);
        assertThat(limiter.tryAcquire("a")).contains(Duration.ofSeconds(40));
        assertThat(RateLimiter.retryAfterSeconds(Duration.ofSeconds(40))).isEqualTo(40);
        assertThat(RateLimiter.retryAfterSeconds(Duration.ofMillis(10))).isEqualTo(1);
        assertThat(limiter.tryAcquire("b")).as("another key has its own count").isEmpty();
        clock.now = clock.now.plusSeconds(40);
        assertThat(limiter.tryAcquire("a")).as("a new window").isEmpty();
    }

    @Test
    void memoryIsBoundedAndEndedWindowsAreDropped() {
        MovableClock clock = new MovableClock();
        RateLimiter limiter = new RateLimiter(1, Duration.ofSeconds(10), clock, 2);
        assertThat(limiter.tryAcquire("a")).isEmpty();
        assertThat(limiter.tryAcquire("b")).isEmpty();
        assertThat(limiter.tryAcquire("c")).as("full: a new key waits").isPresent();
        clock.now = clock.now.plusSeconds(10);
        assertThat(limiter.tryAcquire("c")).as("ended windows make room").isEmpty();
    }
}

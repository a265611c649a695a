package club.pente.ai.application;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

class CallerQuotasTest {

    /** A clock the test moves by hand. */
    static final class TestClock extends Clock {
        Instant now = Instant.parse("2026-01-01T12:00:00Z");

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private final TestClock clock = new TestClock();

    @Test
    void oneAtATimePerCallerOthersUnaffected() {
        CallerQuotas quotas = new CallerQuotas(1, 10, 100, clock);
        CallerQuotas.Decision first = quotas.acquire("alice");
        assertThat(first).isInstanceOf(CallerQuotas.Permit.class);
        assertThat(quotas.acquire("alice")).isEqualTo(new CallerQuotas.Refusal(CallerQuotas.Limit.CONCURRENT, Duration.ofSeconds(1)));
        assertThat(quotas.acquire("bob")).isInstanceOf(CallerQuotas.Permit.class);
        ((CallerQuotas.Permit) first).release();
        ((CallerQuotas.Permit) first).release(); // a second release changes nothing
        assertThat(quotas.running("alice")).isZero();
        assertThat(quotas.acquire("alice")).isInstanceOf(CallerQuotas.Permit.class);
        assertThat(quotas.acquire("alice")).isInstanceOf(CallerQuotas.Refusal.class);
    }

    @Test
    void perMinuteIsARollingWindowWithAnExactRetryAfter() {
        CallerQuotas quotas = new CallerQuotas(5, 3, 100, clock);
        for (int i = 0; i < 3; i++) {
            ((CallerQuotas.Permit) quotas.acquire("alice")).release();
            clock.now = clock.now.plusSeconds(10);
        }
        // Starts at 0 s, 10 s, 20 s; now 30 s: the first leaves the window at 60 s.
        assertThat(quotas.acquire("alice")).isEqualTo(new CallerQuotas.Refusal(CallerQuotas.Limit.PER_MINUTE, Duration.ofSeconds(30)));
        clock.now = clock.now.plusSeconds(29);
        assertThat(quotas.acquire("alice")).isInstanceOf(CallerQuotas.Refusal.class);
        clock.now = clock.now.plusSeconds(1);
        assertThat(quotas.acquire("alice")).isInstanceOf(CallerQuotas.Permit.class);
    }

    @Test
    void aRefundedStartDoesNotCountForTheMinute() {
        CallerQuotas quotas = new CallerQuotas(1, 1, 100, clock);
        ((CallerQuotas.Permit) quotas.acquire("alice")).refund();
        assertThat(quotas.acquire("alice")).isInstanceOf(CallerQuotas.Permit.class);
    }

    @Test
    void idleCallersAreForgottenAndTheTableIsBounded() {
        CallerQuotas quotas = new CallerQuotas(1, 5, 2, clock);
        CallerQuotas.Permit a = (CallerQuotas.Permit) quotas.acquire("a");
        ((CallerQuotas.Permit) quotas.acquire("b")).release();
        // Two callers tracked, both within their minute: a third is refused, not tracked.
        assertThat(quotas.acquire("c")).isEqualTo(new CallerQuotas.Refusal(CallerQuotas.Limit.TOO_MANY_CALLERS, Duration.ofSeconds(10)));
        assertThat(quotas.trackedCallers()).isEqualTo(2);
        clock.now = clock.now.plus(CallerQuotas.WINDOW);
        // b is idle and its minute is over: forgotten; a still runs, so it is kept and still limited.
        assertThat(quotas.acquire("c")).isInstanceOf(CallerQuotas.Permit.class);
        assertThat(quotas.trackedCallers()).isEqualTo(2);
        assertThat(quotas.acquire("a")).isInstanceOf(CallerQuotas.Refusal.class);
        a.release();
        assertThat(quotas.acquire("a")).isInstanceOf(CallerQuotas.Permit.class);
    }
}

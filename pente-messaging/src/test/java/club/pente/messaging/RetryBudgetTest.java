package club.pente.messaging;

import io.smallrye.mutiny.Uni;
import io.vertx.pgclient.PgException;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RetryBudgetTest {
    private static final RetryBudget BUDGET = new RetryBudget(3, Duration.ofMillis(1), Duration.ofMillis(4));
    private final List<FailureKind> retried = new ArrayList<>();
    private final RetryBudget.Listener listener = (failure, kind, attempt, delay) -> retried.add(kind);

    @Test
    void aRecordThatKeepsFailingIsGivenUpAfterItsAttempts() {
        AtomicInteger calls = new AtomicInteger();
        Uni<String> work = BUDGET.run(() -> {
            calls.incrementAndGet();
            return Uni.createFrom().failure(new PgException("value too long for type character varying(64)", "ERROR", "22001", null));
        }, listener);
        assertThatThrownBy(() -> work.await().atMost(Duration.ofSeconds(5))).hasMessageContaining("value too long");
        assertThat(calls).hasValue(3);
        assertThat(retried).containsExactly(FailureKind.RECORD, FailureKind.RECORD);
    }

    @Test
    void anOutageIsWaitedOutHoweverLongItLasts() {
        AtomicInteger calls = new AtomicInteger();
        String result = BUDGET.run(() -> calls.incrementAndGet() <= 10
                ? Uni.createFrom().failure(new IllegalStateException("pool", new ConnectException("Connection refused")))
                : Uni.createFrom().item("done"), listener).await().atMost(Duration.ofSeconds(5));
        assertThat(result).isEqualTo("done");
        assertThat(calls).hasValue(11);
        assertThat(retried).hasSize(10).containsOnly(FailureKind.OUTAGE);
    }

    @Test
    void outagesDoNotSpendTheRecordsBudget() {
        AtomicInteger calls = new AtomicInteger();
        Uni<String> work = BUDGET.run(() -> {
            int call = calls.incrementAndGet();
            return Uni.createFrom().failure(call % 2 == 0 ? new ConnectException("refused") : new IllegalArgumentException("bad"));
        }, listener);
        assertThatThrownBy(() -> work.await().atMost(Duration.ofSeconds(5))).hasMessage("bad");
        assertThat(calls).hasValue(5); // bad, outage, bad, outage, bad
    }

    @Test
    void sqlStatesTellTheServersTroubleFromTheRecords() {
        assertThat(FailureKind.of(new PgException("terminating connection", "FATAL", "57P01", null))).isEqualTo(FailureKind.OUTAGE);
        assertThat(FailureKind.of(new PgException("too many connections", "FATAL", "53300", null))).isEqualTo(FailureKind.OUTAGE);
        assertThat(FailureKind.of(new PgException("deadlock detected", "ERROR", "40P01", null))).isEqualTo(FailureKind.OUTAGE);
        assertThat(FailureKind.of(new PgException("invalid byte sequence", "ERROR", "22021", null))).isEqualTo(FailureKind.RECORD);
        assertThat(FailureKind.of(new PgException("duplicate key", "ERROR", "23505", null))).isEqualTo(FailureKind.RECORD);
        assertThat(FailureKind.of(new RuntimeException("wrapped", new java.util.concurrent.TimeoutException()))).isEqualTo(FailureKind.OUTAGE);
        assertThat(FailureKind.of(new NullPointerException())).isEqualTo(FailureKind.RECORD);
        assertThat(FailureKind.of(new PgException("password authentication failed", "FATAL", "28P01", null))).isEqualTo(FailureKind.OUTAGE);
        assertThat(FailureKind.of(new PgException("permission denied for table games", "ERROR", "42501", null))).isEqualTo(FailureKind.OUTAGE);
        assertThat(FailureKind.of(new PgException("canceling statement due to statement timeout", "ERROR", "57014", null))).isEqualTo(FailureKind.RECORD);
    }

    @Test
    void aBadRecordIsPassedOnWithoutASecondTry() {
        class Refused extends RuntimeException implements BadRecord {
        }
        AtomicInteger calls = new AtomicInteger();
        Uni<String> work = BUDGET.run(() -> {
            calls.incrementAndGet();
            return Uni.createFrom().failure(new Refused());
        }, listener);
        assertThatThrownBy(() -> work.await().atMost(Duration.ofSeconds(5))).isInstanceOf(Refused.class);
        assertThat(calls).hasValue(1);
        assertThat(retried).isEmpty();
    }

    @Test
    void backoffDoublesUpToItsCeiling() {
        RetryBudget budget = new RetryBudget(5, Duration.ofMillis(50), Duration.ofSeconds(2));
        assertThat(budget.backoff(0)).isEqualTo(Duration.ofMillis(50));
        assertThat(budget.backoff(3)).isEqualTo(Duration.ofMillis(400));
        assertThat(budget.backoff(40)).isEqualTo(Duration.ofSeconds(2));
    }
}

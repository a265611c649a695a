package club.pente.rating.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEnded;
import club.pente.core.rules.Status;
import club.pente.rating.application.PoisonEventException;
import club.pente.rating.application.RatingProcessor;
import club.pente.rating.support.RatingStreams;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import io.vertx.pgclient.PgException;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Which failures hold a record back (an outage) and which let it go to the dead-letter topic after its budget. */
class GameEventConsumerTest {
    private static final int ATTEMPTS = 3;

    /** The processor's answer to its n-th call (from 1). */
    private static RatingProcessor processor(AtomicInteger calls, Function<Integer, Uni<RatingProcessor.Result>> answer) {
        return new RatingProcessor(null, null, null) {
            @Override
            public Uni<Result> process(GameEnded ended) {
                return answer.apply(calls.incrementAndGet());
            }
        };
    }

    /** Acked or nacked (with the failure). */
    private record Outcome(boolean acked, Throwable nacked) {
    }

    private static Outcome consume(RatingProcessor processor, String payload) {
        GameEventConsumer consumer = new GameEventConsumer(processor, ATTEMPTS, Duration.ofMillis(1), Duration.ofMillis(5));
        AtomicReference<Outcome> outcome = new AtomicReference<>();
        Message<String> message = Message.of(payload, () -> {
            outcome.set(new Outcome(true, null));
            return CompletableFuture.completedFuture(null);
        }, failure -> {
            outcome.set(new Outcome(false, failure));
            return CompletableFuture.completedFuture(null);
        });
        consumer.consume(message).await().atMost(Duration.ofSeconds(10));
        return outcome.get();
    }

    private static String game() throws Exception {
        return Contracts.json().writeValueAsString(RatingStreams.ranked(RatingStreams.account("w"), RatingStreams.account("b"), Status.WHITE_WINS));
    }

    @Test
    void aDatabaseOutageIsWaitedOutAndTheRecordThenApplied() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        RatingProcessor flaky = processor(calls, n -> n <= 10
                ? Uni.createFrom().failure(n % 2 == 0 ? new PgException("the database system is shutting down", "FATAL", "57P03", null)
                : new IllegalStateException("pool", new ConnectException("Connection refused")))
                : Uni.createFrom().item(RatingProcessor.Result.RATED));
        Outcome outcome = consume(flaky, game());
        assertThat(outcome.acked()).isTrue();
        assertThat(calls).hasValue(11);
    }

    @Test
    void aFailureOfTheRecordsOwnIsDeadLetteredAfterItsAttempts() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        SQLException tooLong = new SQLException("ERROR: value too long for type character varying(64)", "22001");
        Outcome outcome = consume(processor(calls, n -> Uni.createFrom().failure(new RuntimeException("insert failed", tooLong))), game());
        assertThat(outcome.acked()).isFalse();
        assertThat(outcome.nacked()).hasRootCause(tooLong);
        assertThat(calls).hasValue(ATTEMPTS);
    }

    @Test
    void whatTheRatingLogicRefusesIsDeadLetteredAtOnce() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        GameEnded ended = RatingStreams.ranked(RatingStreams.account("w"), RatingStreams.account("b"), Status.WHITE_WINS);
        Outcome outcome = consume(processor(calls, n -> Uni.createFrom().failure(new PoisonEventException(ended, new ArithmeticException()))), game());
        assertThat(outcome.nacked()).isInstanceOf(PoisonEventException.class);
        assertThat(calls).hasValue(1);
    }

    @Test
    void timesOutsideTheDatabasesRangeAreRefusedBeforeAnyWork() throws Exception {
        for (String time : new String[]{"+300000-01-01T00:00:00Z", "-5000-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "+10000-01-01T00:00:00Z"}) {
            ObjectNode tree = (ObjectNode) Contracts.json().readTree(game());
            tree.put("occurredAt", time);
            AtomicInteger calls = new AtomicInteger();
            Outcome outcome = consume(processor(calls, n -> Uni.createFrom().item(RatingProcessor.Result.RATED)), tree.toString());
            assertThat(outcome.nacked()).as(time).isInstanceOf(UnreadableEventException.class).hasMessageContaining("occurredAt");
            assertThat(calls).as(time).hasValue(0);
        }
        assertThatThrownBy(() -> GameEventConsumer.read("{\"type\":\"GameEnded\",\"gameId\":\"x\"}")).isInstanceOf(UnreadableEventException.class);
    }
}

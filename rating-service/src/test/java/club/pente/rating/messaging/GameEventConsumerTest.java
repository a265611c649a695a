package club.pente.rating.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameEnded;
import club.pente.core.rules.Status;
import club.pente.rating.application.PoisonEventException;
import club.pente.rating.application.RatingProcessor;
import club.pente.rating.support.RatingStreams;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import io.vertx.pgclient.PgException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.sql.SQLException;
import java.time.Duration;
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

    /** Done with (the batch may be acknowledged) or dead-lettered (with the failure). */
    private record Outcome(boolean acked, Throwable nacked) {
    }

    private static Outcome consume(RatingProcessor processor, String payload) {
        return consume(processor, new RecordHeaders(), payload);
    }

    private static Outcome consume(RatingProcessor processor, Headers headers, String payload) {
        AtomicReference<Throwable> deadLettered = new AtomicReference<>();
        DeadLetters deadLetters = new DeadLetters(null) {
            @Override
            public Uni<Void> send(String key, String value, Headers headers, Origin origin, Throwable reason) {
                deadLettered.set(reason);
                return Uni.createFrom().voidItem();
            }
        };
        GameEventConsumer consumer = new GameEventConsumer(processor, deadLetters, ATTEMPTS, Duration.ofMillis(1), Duration.ofMillis(5));
        consumer.consume("key", headers, payload, new DeadLetters.Origin("events", 0, 0)).await().atMost(Duration.ofSeconds(10));
        return new Outcome(deadLettered.get() == null, deadLettered.get());
    }

    private static Headers typed(String type) {
        RecordHeaders headers = new RecordHeaders();
        headers.add(EventHeaders.TYPE, EventHeaders.typeValue(type));
        return headers;
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
    void aRecordTypedAsAnotherEventIsPassedOverUnreadAndNotDeadLettered() {
        for (String type : new String[]{"MovePlayed", "GameStarted", "MoveRejected", "SomethingNew"}) {
            AtomicInteger calls = new AtomicInteger();
            Outcome outcome = consume(processor(calls, n -> Uni.createFrom().item(RatingProcessor.Result.RATED)), typed(type), "{not json");
            assertThat(outcome.acked()).as(type).isTrue();
            assertThat(calls).as(type).hasValue(0);
        }
    }

    @Test
    void aGameEndedIsAppliedWithOrWithoutTheHeaderAndAnUnreadableOneDeadLettered() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        RatingProcessor rated = processor(calls, n -> Uni.createFrom().item(RatingProcessor.Result.RATED));
        assertThat(consume(rated, typed("GameEnded"), game()).acked()).isTrue();
        assertThat(consume(rated, new RecordHeaders(), game()).acked()).isTrue();
        assertThat(calls).hasValue(2);
        assertThat(consume(rated, typed("GameEnded"), "{not json").nacked()).isInstanceOf(UnreadableEventException.class);
        assertThat(consume(rated, new RecordHeaders(), "{not json").nacked()).isInstanceOf(UnreadableEventException.class);
        // Without the header, another event type is read far enough to be skipped.
        assertThat(consume(rated, new RecordHeaders(), "{\"type\":\"MovePlayed\"}").acked()).isTrue();
        assertThat(calls).hasValue(2);
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

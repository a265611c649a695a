package club.pente.rating.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameEnded;
import club.pente.core.rules.Status;
import club.pente.rating.application.RatingProcessor;
import club.pente.rating.support.RatingStreams;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Headers;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A whole poll at once, on plain objects: the GameEnded records are applied one after the other in offset
 * order, other events are passed over, a record that is no event is dead-lettered without holding up the
 * rest, and the batch is acknowledged once, only after every record is done.
 */
class GameEventBatchTest {
    private static final String TOPIC = "test.game.events";

    private final List<String> log = new CopyOnWriteArrayList<>();
    private final AtomicInteger acks = new AtomicInteger();

    /** Applies a game after a short while (a database round trip), so that an early ack would show. */
    private final RatingProcessor processor = new RatingProcessor(null, null, null) {
        @Override
        public Uni<Result> process(GameEnded ended) {
            return Uni.createFrom().item(Result.RATED).onItem().delayIt().by(Duration.ofMillis(30))
                    .invoke(() -> log.add("rated " + ended.gameId()));
        }
    };
    private final DeadLetters deadLetters = new DeadLetters(null) {
        @Override
        public Uni<Void> send(String key, String value, Headers headers, Origin origin, Throwable reason) {
            log.add("dead-lettered " + key + " (" + reason.getClass().getSimpleName() + ")");
            return Uni.createFrom().voidItem();
        }
    };
    private final GameEventConsumer consumer = new GameEventConsumer(processor, deadLetters, 3, Duration.ofMillis(1), Duration.ofMillis(5));

    private static KafkaRecord<String, String> record(String key, String type, String value) {
        KafkaRecord<String, String> record = KafkaRecord.of(TOPIC, key, value);
        return type == null ? record : KafkaRecord.<String, String>of(TOPIC, key, value).withHeader(EventHeaders.TYPE, EventHeaders.typeValue(type));
    }

    private static String game(String gameId) throws Exception {
        GameEnded ranked = RatingStreams.ranked(RatingStreams.account("w"), RatingStreams.account("b"), Status.WHITE_WINS);
        return Contracts.json().writeValueAsString(RatingStreams.ended(gameId, ranked.white(), ranked.black(), ranked.result(),
                ranked.reason(), true));
    }

    private KafkaRecordBatch<String, String> batch(List<KafkaRecord<String, String>> records) {
        return new KafkaRecordBatch<>() {
            @Override
            public List<KafkaRecord<String, String>> getRecords() {
                return records;
            }

            @Override
            public Map<TopicPartition, KafkaRecord<String, String>> getLatestOffsetRecords() {
                return Map.of();
            }

            @Override
            public Iterator<KafkaRecord<String, String>> iterator() {
                return records.iterator();
            }

            @Override
            public List<String> getPayload() {
                List<String> payloads = new ArrayList<>();
                records.forEach(r -> payloads.add(r.getPayload()));
                return payloads;
            }

            @Override
            public CompletionStage<Void> ack() {
                log.add("acked");
                acks.incrementAndGet();
                return CompletableFuture.completedFuture(null);
            }
        };
    }

    @Test
    void gameEndedRecordsAreAppliedInOrderAndTheBatchAckedOnceAfterAll() throws Exception {
        consumer.consume(batch(List.of(
                record("g1", "GameEnded", game("g1")),
                record("m1", "MovePlayed", "{not json"),
                record("bad", "GameEnded", "{not json"),
                record("g2", null, game("g2")),
                record("m2", null, "{\"type\":\"MovePlayed\",\"gameId\":\"m2\"}"),
                record("g3", "GameEnded", game("g3"))))).await().atMost(Duration.ofSeconds(10));
        assertThat(log).containsExactly("rated g1", "dead-lettered bad (UnreadableEventException)", "rated g2", "rated g3", "acked");
        assertThat(acks).hasValue(1);
    }

    @Test
    void aBatchOfOtherEventsIsAckedWithoutAnyWork() {
        consumer.consume(batch(List.of(
                record("m1", "MovePlayed", "{not json"),
                record("m2", "GameStarted", "{not json"),
                record("m3", "SomethingNew", null)))).await().atMost(Duration.ofSeconds(10));
        assertThat(log).containsExactly("acked");
    }
}

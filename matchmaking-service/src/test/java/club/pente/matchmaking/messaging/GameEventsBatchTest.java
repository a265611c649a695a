package club.pente.matchmaking.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.matchmaking.application.GameEndings;
import club.pente.matchmaking.application.GameStarts;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A poll's records on plain objects: GameEnded handed on in offset order across partitions' records as
 * delivered, everything else passed over, and a failing database retried until it answers rather than the
 * game's end being lost.
 */
class GameEventsBatchTest {
    private static final String TOPIC = "test.game.events";

    private final List<String> handled = new CopyOnWriteArrayList<>();
    private final AtomicInteger calls = new AtomicInteger();
    private volatile int failuresFirst;

    private final GameEventsConsumer consumer = new GameEventsConsumer(new GameEndings(null, null) {
        @Override
        public boolean handle(GameEnded ended) {
            if (calls.incrementAndGet() <= failuresFirst) {
                throw new IllegalStateException("the database is restarting");
            }
            handled.add(ended.gameId());
            return true;
        }
    }, new GameStarts(null, null));

    private static String ended(String gameId) throws Exception {
        return Contracts.json().writeValueAsString(new GameEnded(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, 9, Contracts.now(),
                Contracts.newId(), Status.WHITE_WINS, EndReason.FIVE_IN_A_ROW, true, new PlayerRef(UUID.randomUUID().toString(), "alice"),
                new PlayerRef(UUID.randomUUID().toString(), "bob"), 8, PerSide.ZERO, PerSide.ZERO, null));
    }

    private static ConsumerRecord<String, String> record(int partition, long offset, String key, String type, String value) {
        RecordHeaders headers = new RecordHeaders();
        if (type != null) {
            headers.add(EventHeaders.TYPE, EventHeaders.typeValue(type));
        }
        return new ConsumerRecord<>(TOPIC, partition, offset, 0L, TimestampType.CREATE_TIME, -1, -1, key, value, headers, Optional.empty());
    }

    @Test
    void theGameEndsOfAPollAreHandledInOrderAndTheRestPassedOver() throws Exception {
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        records.add(record(0, 0, "g1", "GameEnded", ended("g1")));
        records.add(record(0, 1, "m1", "MovePlayed", "{not json"));
        records.add(record(0, 2, "g2", null, ended("g2")));
        records.add(record(0, 3, "bad", "GameEnded", "{not json"));
        records.add(record(0, 4, "g3", "GameEnded", ended("g3")));
        consumer.onEvents(new ConsumerRecords<>(Map.of(new TopicPartition(TOPIC, 0), records), Map.of()));
        assertThat(handled).containsExactly("g1", "g2", "g3");
    }

    @Test
    void aDatabaseFailureIsRetriedUntilTheGameEndIsHandled() throws Exception {
        failuresFirst = 2; // two failures: back-offs of 200 and 400 ms
        assertThat(consumer.onRecord(new RecordHeaders(), ended("g-retried"))).isTrue();
        assertThat(calls).hasValue(3);
        assertThat(handled).containsExactly("g-retried");
    }
}

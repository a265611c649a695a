package club.pente.testinfra;

import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.Topic;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The shared recorder against the real broker: what it records, from where, and what it never sees. */
@StackTest
class StreamRecorderTest {
    private static String servers;
    private static Admin admin;

    @BeforeAll
    static void broker() {
        servers = new KafkaTestResource().start().get("kafka.bootstrap.servers");
        admin = Admin.create(Map.of("bootstrap.servers", servers));
    }

    @AfterAll
    static void close() {
        admin.close();
    }

    /** A topic of this test alone, deleted afterwards by {@link #deleted}. */
    private static String topic() throws Exception {
        String name = IsolatedTopics.fresh("test.recorder").name(Topic.GAME_EVENTS);
        admin.createTopics(List.of(new NewTopic(name, 2, (short) 1))).all().get(30, TimeUnit.SECONDS);
        return name;
    }

    private static void deleted(String topic) throws Exception {
        admin.deleteTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
    }

    @Test
    void fromNowItRecordsKeyValueAndHeadersOfWhatIsPublishedAfterItOpened() throws Exception {
        String topic = topic();
        try (StreamPublisher publisher = new StreamPublisher(servers)) {
            publisher.send(topic, "g1", "before");
            try (StreamRecorder<String> recorder = StreamRecorder.rawFromNow(servers, topic)) {
                publisher.send(topic, "g1", "after", Map.of(EventHeaders.TYPE, "MovePlayed"));
                publisher.send(topic, "g2", null);
                List<StreamRecorder.Recorded<String>> seen = recorder.awaitCount("two records", 2, r -> true, Duration.ofSeconds(20));
                assertThat(seen).extracting(StreamRecorder.Recorded::key).containsExactlyInAnyOrder("g1", "g2");
                StreamRecorder.Recorded<String> after = recorder.awaitMatching("g1", r -> "g1".equals(r.key()));
                assertThat(after.value()).isEqualTo("after");
                assertThat(after.header(EventHeaders.TYPE)).isEqualTo("MovePlayed");
                assertThat(after.topic()).isEqualTo(topic);
                assertThat(recorder.records(r -> "g2".equals(r.key()))).singleElement().satisfies(r -> assertThat(r.value()).isNull());
                assertThat(recorder.values()).doesNotContain("before");
            }
        } finally {
            deleted(topic);
        }
    }

    @Test
    void fromStartItRecordsWhatWasThereBefore() throws Exception {
        String topic = topic();
        try (StreamPublisher publisher = new StreamPublisher(servers)) {
            publisher.send(topic, "g1", "before");
            try (StreamRecorder<Integer> lengths = StreamRecorder.fromStart(servers, String::length, topic)) {
                assertThat(lengths.awaitValue("g1", Integer.class, length -> true)).isEqualTo("before".length());
            }
        } finally {
            deleted(topic);
        }
    }

    @Test
    void anAbortedTransactionIsNeverSeen() throws Exception {
        String topic = topic();
        Properties props = new Properties();
        props.put("bootstrap.servers", servers);
        props.put("transactional.id", "test-recorder-" + UUID.randomUUID());
        try (StreamRecorder<String> recorder = StreamRecorder.rawFromNow(servers, topic);
             KafkaProducer<String, String> producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer())) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, 0, "g1", "aborted")).get();
            producer.abortTransaction();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, 0, "g1", "committed")).get();
            producer.commitTransaction();
            // Same partition, later offset: once the committed record is here, the aborted one was passed.
            recorder.awaitMatching("the committed record", r -> "committed".equals(r.value()));
            assertThat(recorder.values()).containsExactly("committed");
        } finally {
            deleted(topic);
        }
    }

    @Test
    void aValueItCannotReadFailsTheNextLookInsteadOfBeingDropped() throws Exception {
        String topic = topic();
        try (StreamPublisher publisher = new StreamPublisher(servers);
             StreamRecorder<Integer> numbers = StreamRecorder.fromNow(servers, Integer::valueOf, topic)) {
            publisher.send(topic, "k", "12");
            publisher.send(topic, "k", "twelve");
            assertThatThrownBy(() -> numbers.awaitMatching("a number above 100", r -> r.value() > 100, Duration.ofSeconds(20)))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("twelve");
        } finally {
            deleted(topic);
        }
    }

    @Test
    void waitingForWhatNeverComesFailsAtTheDeadlineNamingIt() throws Exception {
        String topic = topic();
        try (StreamRecorder<String> recorder = StreamRecorder.rawFromNow(servers, topic)) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> recorder.awaitMatching("a record that nobody sends", r -> true, Duration.ofMillis(500)))
                    .isInstanceOf(AssertionError.class).hasMessageContaining("a record that nobody sends");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(500));
        } finally {
            deleted(topic);
        }
    }
}

package club.pente.load;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Color;
import club.pente.stack.Components;
import club.pente.testinfra.TestStack;
import club.pente.testinfra.StackTest;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The driver's event reader against a real broker: committed records only, other games skipped unparsed, a clean stop. */
@StackTest
class EventReaderTest {
    private static final String RUN = "loadtest." + UUID.randomUUID().toString().substring(0, 8);
    private static final String EVENTS = RUN + ".events";
    private static final String COMMANDS = RUN + ".commands";
    private static String bootstrap;

    private final LoadGame game = new LoadGame("load-t-0", new PlayerRef("w-t", "W"), new PlayerRef("b-t", "B"), new String[] {"K10"});

    @BeforeAll
    static void topics() throws Exception {
        bootstrap = TestStack.get().ensure(Components.KAFKA).kafkaBootstrapServers();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(EVENTS, 3, (short) 1), new NewTopic(COMMANDS, 1, (short) 1))).all().get();
        }
    }

    @AfterAll
    static void dropTopics() throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.deleteTopics(List.of(EVENTS, COMMANDS)).all().get();
        }
    }

    @Test
    void readsCommittedEventsOfItsGamesOnlyAndStopsCleanly() throws Exception {
        GameLedger ledger = new GameLedger();
        GameLedger.Tracked tracked = ledger.add(game);
        EventReader reader = new EventReader(bootstrap, EVENTS, COMMANDS, "load-t-", ledger);

        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        props.put("transactional.id", RUN + ".producer");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer())) {
            producer.initTransactions();
            // An aborted transaction's GameStarted: a read_uncommitted reader would count the committed one as a duplicate.
            producer.beginTransaction();
            producer.send(event(started()));
            producer.flush();
            producer.abortTransaction();

            producer.beginTransaction();
            producer.send(event(started()));
            // Not JSON at all: parsing any of these would fail the reader, so they must be skipped by key or header.
            producer.send(new ProducerRecord<>(EVENTS, "someone-else", "{not json"));
            ProducerRecord<String, String> otherType = new ProducerRecord<>(EVENTS, game.id(), "{not json either");
            otherType.headers().add(EventHeaders.TYPE, EventHeaders.typeValue("SpectatorsCounted"));
            producer.send(otherType);
            producer.send(event(played()));
            producer.commitTransaction();
        }

        await(() -> ledger.events() >= 2 && reader.skipped() >= 2);
        reader.check();
        assertThat(tracked.startedVersion).isEqualTo(1);
        assertThat(tracked.lastVersion).isEqualTo(2);
        assertThat(tracked.duplicates).isZero();
        assertThat(tracked.unmatchedPlayed).isEqualTo(1);   // nobody sent that move: it is counted, not taken for ours
        assertThat(reader.skipped()).isEqualTo(2);

        reader.close();
        assertThat(reader.reading()).isFalse();
        reader.check();   // the consumer was closed by its own thread: nothing went wrong on the way out
    }

    @Test
    void aMissingTopicIsAClearErrorAndIsNotCreated() throws Exception {
        assertThatThrownBy(() -> new EventReader(bootstrap, RUN + ".absent", COMMANDS, "load-t-", new GameLedger()))
                .isInstanceOf(EventReader.PlatformException.class).hasMessageContaining(RUN + ".absent does not exist");
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            assertThat(admin.listTopics().names().get()).doesNotContain(RUN + ".absent");
        }
    }

    private ProducerRecord<String, String> event(GameEvent event) throws Exception {
        ProducerRecord<String, String> record = new ProducerRecord<>(EVENTS, event.gameId(), Contracts.json().writeValueAsString(event));
        record.headers().add(EventHeaders.TYPE, EventHeaders.typeValue(event.getClass().getSimpleName()));
        return record;
    }

    private GameStarted started() {
        return new GameStarted(1, "e1-" + UUID.randomUUID(), game.id(), 1, Instant.EPOCH, "create", game.white(), game.black(), false,
                TimeControl.UNTIMED, null);
    }

    private MovePlayed played() {
        return new MovePlayed(1, "e2", game.id(), 2, Instant.EPOCH, "c1", 1, Color.WHITE, "w-t", "K10", List.of(), PerSide.ZERO, Set.of(), null);
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("condition within 30 s").isLessThan(deadline);
            Thread.sleep(20);
        }
    }
}

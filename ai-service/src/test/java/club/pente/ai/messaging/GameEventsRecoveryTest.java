package club.pente.ai.messaging;

import club.pente.ai.application.ComputerPlayer;
import club.pente.ai.gameclient.GameServiceClient;
import club.pente.ai.gameclient.GameSnapshot;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Color;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.smallrye.mutiny.Uni;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The live-games sweep and the batch path, on plain objects: a game waiting for the computer while this
 * service was away is picked up from the game service's list, and from then on a person's move in it is
 * read (before, with no {@code ai:} id in the record, it would have been passed over).
 */
class GameEventsRecoveryTest {
    private static final String TOPIC = "test.game.events";
    private static final PlayerRef HUMAN = new PlayerRef("guest:" + UUID.randomUUID(), "guest");
    private static final PlayerRef OTHER = new PlayerRef(UUID.randomUUID().toString(), "bob");

    private final List<String> considered = new CopyOnWriteArrayList<>();
    private final ComputerPlayer computer = new ComputerPlayer(null, null, null, new SimpleMeterRegistry(), 1) {
        @Override
        public void consider(String gameId) {
            considered.add(gameId);
        }
    };
    private final AtomicInteger listed = new AtomicInteger();
    private final List<GameSnapshot.Summary> live = new CopyOnWriteArrayList<>();
    private final GameServiceClient games = new GameServiceClient() {
        @Override
        public Uni<GameSnapshot> game(String id) {
            throw new AssertionError("the sweep reads the list only");
        }

        @Override
        public Uni<List<GameSnapshot.Summary>> games(String status, int limit, boolean idle) {
            assertThat(status).isEqualTo("live");
            assertThat(idle).as("idle untimed games are asked for too").isTrue();
            listed.incrementAndGet();
            return Uni.createFrom().item(List.copyOf(live));
        }
    };
    private final GameEventsListener listener = new GameEventsListener(computer, games);

    private static String move(String gameId, int ply, PlayerRef player) throws Exception {
        return Contracts.json().writeValueAsString(new MovePlayed(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, ply + 1L,
                Contracts.now(), Contracts.newId(), ply, Color.ofPly(ply), player.id(), "K10", List.of(), PerSide.ZERO, Set.of(), null));
    }

    private static ConsumerRecords<String, String> batch(List<ConsumerRecord<String, String>> records) {
        return new ConsumerRecords<>(Map.of(new TopicPartition(TOPIC, 0), records), Map.of());
    }

    private static ConsumerRecord<String, String> typedMove(long offset, String gameId, String value) {
        RecordHeaders headers = new RecordHeaders();
        headers.add(EventHeaders.TYPE, EventHeaders.typeValue("MovePlayed"));
        return new ConsumerRecord<>(TOPIC, 0, offset, 0L, TimestampType.CREATE_TIME, -1, -1, gameId, value, headers, Optional.empty());
    }

    @Test
    void theSweepPicksUpLiveComputerGamesOnlyAndFollowsThemFromThen() throws Exception {
        String waiting = "vs-ai-" + UUID.randomUUID();
        String people = "people-" + UUID.randomUUID();
        live.add(new GameSnapshot.Summary(waiting, HUMAN, PlayerRef.computer(4), "ONGOING", 3));
        live.add(new GameSnapshot.Summary(people, HUMAN, OTHER, "ONGOING", 5));

        listener.sweep();

        assertThat(listed).hasValue(1);
        assertThat(considered).containsExactly(waiting);
        // Known now: the person's next move in that game is read, one in the people's game still is not.
        listener.onEvents(batch(List.of(typedMove(0, waiting, move(waiting, 5, HUMAN)), typedMove(1, people, move(people, 6, HUMAN)))));
        assertThat(considered).containsExactly(waiting, waiting);
    }

    @Test
    void withoutTheSweepAPersonsMoveInAComputerGameIsPassedOver() throws Exception {
        String waiting = "vs-ai-" + UUID.randomUUID();
        listener.onEvents(batch(List.of(typedMove(0, waiting, move(waiting, 5, HUMAN)))));
        assertThat(considered).isEmpty();
    }
}

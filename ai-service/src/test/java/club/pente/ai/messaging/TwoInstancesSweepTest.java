package club.pente.ai.messaging;

import club.pente.ai.application.ComputerPlayer;
import club.pente.ai.gameclient.GameServiceClient;
import club.pente.ai.gameclient.GameSnapshot;
import club.pente.core.contract.PlayerRef;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.smallrye.mutiny.Uni;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two ai instances in one consumer group, each sweeping the live games: each computer game is considered by the
 * instance that reads its partition and by no other, so one position is never thought about (and played) twice;
 * partitions handed over in a rebalance are swept at once by their new owner.
 */
class TwoInstancesSweepTest {
    private static final String TOPIC = "test.game.events";
    private static final int PARTITIONS = 12;
    private static final PlayerRef HUMAN = new PlayerRef("guest:" + UUID.randomUUID(), "guest");

    private final List<GameSnapshot.Summary> live = new CopyOnWriteArrayList<>();
    /** The live list only (a proxy: an implementing class in the tests would become a second endpoint of Quarkus' test build). */
    private final GameServiceClient games = (GameServiceClient) java.lang.reflect.Proxy.newProxyInstance(
            GameServiceClient.class.getClassLoader(), new Class<?>[] {GameServiceClient.class}, (proxy, method, args) -> {
                if (!method.getName().equals("games")) {
                    throw new AssertionError("the sweep reads the list only");
                }
                return Uni.createFrom().item(List.copyOf(live));
            });

    private static final class Instance {
        final List<String> considered = new CopyOnWriteArrayList<>();
        final GameEventsRebalance rebalance = new GameEventsRebalance();
        final GameEventsListener listener;

        Instance(GameServiceClient games) {
            ComputerPlayer computer = new ComputerPlayer(null, null, null, new SimpleMeterRegistry(), 1) {
                @Override
                public void consider(String gameId) {
                    considered.add(gameId);
                }
            };
            listener = new GameEventsListener(computer, games, rebalance);
        }
    }

    private static MockConsumer<String, String> consumer() {
        MockConsumer<String, String> consumer = new MockConsumer<>("latest");
        List<PartitionInfo> infos = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            infos.add(new PartitionInfo(TOPIC, p, null, null, null));
        }
        consumer.updatePartitions(TOPIC, infos);
        return consumer;
    }

    private static List<TopicPartition> partitions(int from, int to) {
        return IntStream.range(from, to).mapToObj(p -> new TopicPartition(TOPIC, p)).toList();
    }

    @Test
    void eachComputerGameIsSweptByTheInstanceThatReadsItsPartitionOnly() {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 60; i++) {
            String id = UUID.randomUUID().toString();
            ids.add(id);
            live.add(new GameSnapshot.Summary(id, HUMAN, PlayerRef.computer(3), "ONGOING", 3));
        }
        Instance a = new Instance(games);
        Instance b = new Instance(games);
        a.listener.sweep();
        assertThat(a.considered).as("before the group gave it partitions an instance plays for no game").isEmpty();

        a.rebalance.onPartitionsAssigned(consumer(), partitions(0, 6));
        b.rebalance.onPartitionsAssigned(consumer(), partitions(6, 12));
        a.listener.sweep();
        b.listener.sweep();

        assertThat(a.considered).isNotEmpty().doesNotContainAnyElementsOf(b.considered);
        Set<String> both = new HashSet<>(a.considered);
        both.addAll(b.considered);
        assertThat(both).isEqualTo(ids);
        // Each was considered twice by its owner (on assignment and by the sweep), never by the other.
        assertThat(a.considered.size() + b.considered.size()).isEqualTo(2 * ids.size());
        for (String id : a.considered) {
            assertThat(BuiltInPartitioner.partitionForKey(id.getBytes(StandardCharsets.UTF_8), PARTITIONS)).isLessThan(6);
        }
    }

    @Test
    void partitionsHandedOverAreSweptAtOnceByTheirNewOwner() {
        Instance a = new Instance(games);
        Instance b = new Instance(games);
        a.rebalance.onPartitionsAssigned(consumer(), partitions(0, 6));
        b.rebalance.onPartitionsAssigned(consumer(), partitions(6, 12));
        String id = UUID.randomUUID().toString();
        live.add(new GameSnapshot.Summary(id, PlayerRef.computer(5), HUMAN, "ONGOING", 4));
        int partition = PartitionOwnership.partitionOf(id, PARTITIONS);
        Instance owner = partition < 6 ? a : b;
        Instance other = owner == a ? b : a;

        // The owner is killed: its partitions go to the other instance, which picks the game up at once.
        other.rebalance.onPartitionsAssigned(consumer(), owner == a ? partitions(0, 6) : partitions(6, 12));
        assertThat(other.considered).containsExactly(id);
        other.rebalance.onPartitionsRevoked(consumer(), List.of(new TopicPartition(TOPIC, partition)));
        other.listener.sweep();
        assertThat(other.considered).containsExactly(id);
    }

    @Test
    void thePartitionIsTheOneKafkasDefaultPartitionerGivesTheGameId() {
        for (int i = 0; i < 1000; i++) {
            String id = UUID.randomUUID().toString();
            assertThat(PartitionOwnership.partitionOf(id, PARTITIONS))
                    .isEqualTo(BuiltInPartitioner.partitionForKey(id.getBytes(StandardCharsets.UTF_8), PARTITIONS));
        }
    }
}

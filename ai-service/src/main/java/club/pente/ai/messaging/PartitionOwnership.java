package club.pente.ai.messaging;

import org.apache.kafka.common.utils.Utils;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The partitions of {@code pente.game.events} this instance holds in the service's consumer group, and so the games it
 * plays for: a game's events are keyed by its id, so the instance that reads its partition sees every event of it
 * (takebacks and offers included). The live-games sweep acts only on these games, so that two ai instances never both
 * think about and send a move for the same position.
 */
final class PartitionOwnership {
    private final Set<Integer> owned = ConcurrentHashMap.newKeySet();
    private volatile int partitionCount;

    /** Owns every partition (one instance alone, as the plain-object tests have it). */
    static PartitionOwnership everything() {
        PartitionOwnership all = new PartitionOwnership();
        all.partitionCount = -1;
        return all;
    }

    void assigned(Collection<Integer> partitions, int count) {
        if (partitionCount >= 0) {
            partitionCount = count;
        }
        owned.addAll(partitions);
    }

    void revoked(Collection<Integer> partitions) {
        owned.removeAll(partitions);
    }

    /** True when this instance reads the partition the game's events go to. */
    boolean owns(String gameId) {
        int count = partitionCount;
        if (count < 0) {
            return true;
        }
        return count > 0 && gameId != null && owned.contains(partitionOf(gameId, count));
    }

    /** The partition Kafka's default partitioner gives a record keyed by {@code key} (the game service's producers use it). */
    static int partitionOf(String key, int count) {
        return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % count;
    }
}

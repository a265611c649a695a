package club.pente.game.application;

import club.pente.game.domain.LiveGame;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Games this instance writes, kept in memory between commands and tagged with the command partition
 * they came from, so that losing a partition drops exactly its games. The database stays the truth:
 * a cached game that turns out stale is evicted and reloaded.
 */
@ApplicationScoped
public class LiveGames {
    private record Entry(LiveGame game, int partition) {
    }

    private final Map<String, Entry> games = new ConcurrentHashMap<>();
    private final Set<Integer> owned = ConcurrentHashMap.newKeySet();

    public LiveGame get(String gameId) {
        Entry entry = games.get(gameId);
        return entry == null ? null : entry.game();
    }

    public void put(LiveGame game, int partition) {
        if (game.isOver()) {
            games.remove(game.id());
        } else {
            games.put(game.id(), new Entry(game, partition));
        }
    }

    public void evict(String gameId) {
        games.remove(gameId);
    }

    public void assigned(Collection<Integer> partitions) {
        owned.addAll(partitions);
    }

    public void revoked(Collection<Integer> partitions) {
        owned.removeAll(partitions);
        games.values().removeIf(entry -> partitions.contains(entry.partition()));
    }

    /** Command partitions this instance currently owns. */
    public Set<Integer> ownedPartitions() {
        return Set.copyOf(owned);
    }

    public int size() {
        return games.size();
    }
}

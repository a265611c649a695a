package club.pente.game.messaging;

import club.pente.core.contract.ClaimTimeout;
import club.pente.game.application.LiveGames;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import javax.sql.DataSource;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Ends games whose clock ran out even when nobody sends anything: the owner of a game's partition looks
 * for passed deadlines and sends itself a ClaimTimeout, which the authority applies like any command.
 */
@ApplicationScoped
public class ClockWatch {
    private static final Logger LOG = Logger.getLogger(ClockWatch.class);

    private final DataSource dataSource;
    private final LiveGames liveGames;
    private final CommandSender sender;
    /** Deadlines already claimed, so that one is claimed once while its command is on its way. */
    private final Map<String, Instant> claimed = new ConcurrentHashMap<>();

    public ClockWatch(DataSource dataSource, LiveGames liveGames, CommandSender sender) {
        this.dataSource = dataSource;
        this.liveGames = liveGames;
        this.sender = sender;
    }

    @Scheduled(every = "${pente.clock.check-every:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void claimPassedDeadlines() {
        Set<Integer> owned = liveGames.ownedPartitions();
        if (owned.isEmpty()) {
            return;
        }
        claimed.values().removeIf(deadline -> deadline.isBefore(Instant.now().minusSeconds(30)));
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement(
                     "select id, deadline_at from games where status = 'ONGOING' and deadline_at <= now() and partition_no = any(?) limit 500")) {
            Array partitions = connection.createArrayOf("integer", owned.toArray());
            query.setArray(1, partitions);
            try (ResultSet rs = query.executeQuery()) {
                while (rs.next()) {
                    String gameId = rs.getString(1);
                    Instant deadline = rs.getTimestamp(2).toInstant();
                    if (!deadline.equals(claimed.put(gameId, deadline))) {
                        sender.send(ClaimTimeout.of(gameId)).subscribe().with(
                                ok -> { },
                                failure -> claimed.remove(gameId));
                    }
                }
            }
        } catch (Exception e) {
            LOG.warnf("clock watch: %s", e.toString());
        }
    }

}

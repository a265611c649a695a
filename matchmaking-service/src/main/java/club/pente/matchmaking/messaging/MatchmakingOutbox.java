package club.pente.matchmaking.messaging;

import club.pente.matchmaking.application.Signals;
import club.pente.matchmaking.persistence.Outbox;
import club.pente.messaging.OutboxRelay;
import club.pente.messaging.OutboxTable;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import javax.sql.DataSource;
import java.util.Map;

/**
 * The matchmaking outbox: CreateGame commands (to the game commands topic, keyed by game id) and
 * notifications (keyed by player id, or {@code lobby}), published in commit order by the shared relay
 * (one leader among the instances; no batch published twice after a crash, see {@link OutboxRelay}).
 */
@ApplicationScoped
public class MatchmakingOutbox {
    private static final long LOCK_KEY = 0x50656E74654D6D4FL; // "PenteMmO"

    private final OutboxRelay relay;

    public MatchmakingOutbox(DataSource dataSource, Signals signals, MeterRegistry registry, MatchmakingTopics topics,
                             @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
                             @ConfigProperty(name = "pente.outbox.batch-size", defaultValue = "200") int batchSize,
                             @ConfigProperty(name = "pente.outbox.poll-millis", defaultValue = "50") long pollMillis) {
        Map<String, String> channels = Map.of(
                Outbox.Channel.COMMANDS.name(), topics.of(Outbox.Channel.COMMANDS),
                Outbox.Channel.NOTIFICATIONS.name(), topics.of(Outbox.Channel.NOTIFICATIONS));
        this.relay = new OutboxRelay("matchmaking", dataSource, OutboxTable.byChannel("record_key", "channel", channels, LOCK_KEY),
                signals.outbox(), bootstrapServers, batchSize, pollMillis);
        registry.gauge("pente.matchmaking.outbox.backlog", relay.backlog());
    }

    void start(@Observes StartupEvent event) {
        relay.start();
    }

    void stop(@Observes ShutdownEvent event) throws InterruptedException {
        relay.stop();
    }
}

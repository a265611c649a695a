package club.pente.game.messaging;

import club.pente.messaging.OutboxRelay;
import club.pente.messaging.OutboxSignal;
import club.pente.messaging.OutboxTable;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import javax.sql.DataSource;

/**
 * The game events outbox: rows keyed by game id, published to the events topic by the shared relay
 * (one leader among the instances, see {@link OutboxRelay}).
 */
@ApplicationScoped
public class GameOutbox {
    private static final long LOCK_KEY = 0x50656E74654F7574L; // "PenteOut"

    private final OutboxRelay relay;

    public GameOutbox(DataSource dataSource, OutboxSignal signal, MeterRegistry registry, GameTopics topics,
                      @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
                      @ConfigProperty(name = "pente.outbox.batch-size", defaultValue = "200") int batchSize,
                      @ConfigProperty(name = "pente.outbox.poll-millis", defaultValue = "100") long pollMillis) {
        this.relay = new OutboxRelay("game", dataSource, OutboxTable.singleTopic("game_id", topics.events(), LOCK_KEY),
                signal, bootstrapServers, batchSize, pollMillis);
        registry.gauge("pente.game.outbox.backlog", relay.backlog());
    }

    /** One signal per process: the command processor wakes the relay after each commit. */
    @Produces
    @Singleton
    static OutboxSignal outboxSignal() {
        return new OutboxSignal();
    }

    void start(@Observes StartupEvent event) {
        relay.start();
    }

    void stop(@Observes ShutdownEvent event) throws InterruptedException {
        relay.stop();
    }

    public boolean isLeader() {
        return relay.isLeader();
    }
}

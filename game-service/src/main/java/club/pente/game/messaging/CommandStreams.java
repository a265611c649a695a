package club.pente.game.messaging;

import club.pente.game.application.CommandPipeline;
import club.pente.game.application.GameLedger;
import club.pente.game.application.LiveGames;
import club.pente.game.domain.GameAuthority;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs this instance's command streams ({@code pente.commands.streams}, one thread each, each with its own
 * consumer in the service's group and its own transactional producer), so every instance publishes the
 * events of the partitions it owns and nothing sits on every move's path. Ready once every stream has
 * joined Kafka with its producer.
 */
@ApplicationScoped
@Readiness
public class CommandStreams implements HealthCheck {
    private final List<CommandStream> streams = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();

    public CommandStreams(GameLedger ledger, LiveGames liveGames, Clock clock, MeterRegistry registry, GameTopics topics,
                          @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
                          @ConfigProperty(name = "pente.commands.group-id") String groupId,
                          @ConfigProperty(name = "pente.commands.streams", defaultValue = "1") int count,
                          @ConfigProperty(name = "pente.commands.max-batch", defaultValue = "500") int maxBatch,
                          @ConfigProperty(name = "pente.commands.session-timeout", defaultValue = "10s") Duration sessionTimeout,
                          @ConfigProperty(name = "pente.commands.heartbeat", defaultValue = "3s") Duration heartbeat,
                          @ConfigProperty(name = "pente.commands.transaction-timeout", defaultValue = "10s") Duration transactionTimeout,
                          @ConfigProperty(name = "pente.commands.retry.attempts", defaultValue = "5") int attempts,
                          @ConfigProperty(name = "pente.commands.retry.first-backoff", defaultValue = "50ms") Duration firstBackoff,
                          @ConfigProperty(name = "pente.commands.retry.max-backoff", defaultValue = "5s") Duration maxBackoff) {
        CommandStream.Settings settings = new CommandStream.Settings(bootstrapServers, groupId, topics.commands(), topics.events(),
                topics.commandsDeadLetter(), maxBatch, sessionTimeout, heartbeat, transactionTimeout, attempts, firstBackoff, maxBackoff);
        CommandPipeline pipeline = new CommandPipeline(ledger, liveGames, new GameAuthority(), clock, registry);
        for (int i = 0; i < Math.max(1, count); i++) {
            streams.add(new CommandStream("commands-" + i, settings, pipeline, liveGames));
        }
        registry.gauge("pente.game.live.cached", liveGames, LiveGames::size);
    }

    /** After the topics exist (TopicSetup runs first). */
    void start(@Observes @Priority(10) StartupEvent event) {
        for (CommandStream stream : streams) {
            Thread thread = new Thread(stream, "pente-" + "game-" + threads.size() + "-commands");
            thread.setDaemon(true);
            thread.start();
            threads.add(thread);
        }
    }

    void stop(@Observes ShutdownEvent event) throws InterruptedException {
        streams.forEach(CommandStream::stop);
        for (Thread thread : threads) {
            thread.join(10_000);
        }
    }

    @Override
    public HealthCheckResponse call() {
        boolean ready = !streams.isEmpty() && streams.stream().allMatch(CommandStream::isReady);
        return HealthCheckResponse.named("command streams").status(ready).withData("streams", streams.size()).build();
    }
}

package club.pente.game.messaging;

import club.pente.game.application.CommandPipeline;
import club.pente.game.application.GameLedger;
import club.pente.game.application.GameSettings;
import club.pente.game.application.LiveGames;
import club.pente.game.application.SanctionsBoard;
import club.pente.core.contract.Contracts;
import club.pente.game.domain.GameAuthority;
import club.pente.core.contract.Topic;
import club.pente.kit.config.PenteConfig;
import club.pente.messaging.KafkaClientConfig;
import club.pente.kit.topics.TopicNames;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.jboss.logging.Logger;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs this instance's command streams ({@code pente.commands.streams}, one thread each, each with its own
 * consumer in the service's group and its own transactional producer), so every instance publishes the
 * events of the partitions it owns and nothing sits on every move's path. Ready once every stream has
 * joined Kafka with its producer. The streams start consuming only once the sanctions feed has read what its topic
 * held (or after {@code pente.sanctions.catch-up-timeout}, logged as an error), so a restarted instance does not
 * accept a sanctioned player's moves, games or chat in the moment before it knows of the sanction.
 */
@ApplicationScoped
@Readiness
public class CommandStreams implements HealthCheck {
    private static final Logger LOG = Logger.getLogger(CommandStreams.class);

    private final List<CommandStream> streams = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final SanctionsFeed feed;
    private final Duration catchUpTimeout;

    public CommandStreams(GameLedger ledger, LiveGames liveGames, Clock clock, MeterRegistry registry, PenteConfig config,
                          TopicNames topics, CommandStreamSettings commands, GameSettings game, SanctionsBoard sanctions,
                          @Readiness SanctionsFeed feed, SanctionsSettings sanctionsSettings, KafkaClientConfig kafka) {
        this.feed = feed;
        this.catchUpTimeout = sanctionsSettings.catchUpTimeout();
        CommandStream.Settings settings = new CommandStream.Settings(kafka, commands.groupId(),
                topics.of(Topic.GAME_COMMANDS), topics.of(Topic.GAME_EVENTS), topics.of(Topic.ADMIN_AUDIT), topics.of(Topic.GAME_COMMANDS_DLQ),
                commands.maxBatch(), commands.sessionTimeout(), commands.heartbeat(), commands.transactionTimeout(),
                commands.retry().attempts(), commands.retry().firstBackoff(), commands.retry().maxBackoff());
        if (game.vacationDaysPerYear() < 0 || game.vacationDaysPerYear() > 366) {
            throw new IllegalStateException("pente.game.vacation-days-per-year must be 0 to 366, not " + game.vacationDaysPerYear());
        }
        GameAuthority authority = new GameAuthority(Contracts::newId, game.firstMoveWindow(), game.dayLength(), sanctions);
        CommandPipeline pipeline = new CommandPipeline(ledger, liveGames, authority, clock, game.vacationDaysPerYear(), registry);
        for (int i = 0; i < Math.max(1, commands.streams()); i++) {
            streams.add(new CommandStream("commands-" + i, settings, pipeline, liveGames));
        }
        registry.gauge("pente.game.live.cached", liveGames, LiveGames::size);
    }

    /** After the topics exist (the kit's TopicProvisioning runs first). */
    void start(@Observes @Priority(10) StartupEvent event) {
        for (CommandStream stream : streams) {
            Thread thread = new Thread(() -> {
                if (afterSanctionsCaughtUp()) {
                    stream.run();
                }
            }, "pente-" + "game-" + threads.size() + "-commands");
            thread.setDaemon(true);
            thread.start();
            threads.add(thread);
        }
    }

    /** False when stopped while waiting. */
    private boolean afterSanctionsCaughtUp() {
        try {
            if (!feed.awaitCaughtUp(catchUpTimeout)) {
                LOG.errorf("command streams: the sanctions feed has not read its topic within %d s (see its log); starting anyway, "
                        + "so sanctions are NOT enforced on this instance until it has", catchUpTimeout.toSeconds());
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    void stop(@Observes ShutdownEvent event) throws InterruptedException {
        streams.forEach(CommandStream::stop); // a thread still waiting for the feed then runs a stopped stream: it returns at once
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

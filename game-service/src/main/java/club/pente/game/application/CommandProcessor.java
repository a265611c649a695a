package club.pente.game.application;

import club.pente.core.contract.GameCommand;
import club.pente.core.contract.MoveRejected;
import club.pente.game.domain.Decision;
import club.pente.game.domain.GameAuthority;
import club.pente.game.domain.LiveGame;
import club.pente.game.persistence.GameStore;
import club.pente.messaging.OutboxSignal;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Applies one command as the game's single writer: skip it if its id was seen, load the game (memory,
 * else database), let the {@link GameAuthority} decide, and commit state, move and outbox events in one
 * transaction. On any failure the cached game is dropped, since the authority may have changed it.
 */
@ApplicationScoped
public class CommandProcessor {
    private static final Logger LOG = Logger.getLogger(CommandProcessor.class);

    private final GameStore store;
    private final LiveGames liveGames;
    private final OutboxSignal outboxSignal;
    private final GameAuthority authority = new GameAuthority();
    private final Clock clock = Clock.systemUTC();
    private final Counter movesApplied;
    private final Counter duplicates;
    private final MeterRegistry registry;
    private final Timer commandLag;
    private final Timer processing;

    public CommandProcessor(GameStore store, LiveGames liveGames, OutboxSignal outboxSignal, MeterRegistry registry) {
        this.store = store;
        this.liveGames = liveGames;
        this.outboxSignal = outboxSignal;
        this.registry = registry;
        this.movesApplied = registry.counter("pente.game.moves.applied");
        this.duplicates = registry.counter("pente.game.commands.duplicate");
        this.commandLag = Timer.builder("pente.game.command.lag")
                .description("time from a command being issued to the authority committing its outcome")
                .register(registry);
        this.processing = Timer.builder("pente.game.command.processing")
                .description("time the authority takes to load, decide and commit one command")
                .register(registry);
        registry.gauge("pente.game.live.cached", liveGames, LiveGames::size);
    }

    public Uni<Void> process(GameCommand command, int partition) {
        long started = System.nanoTime();
        return Panache.withTransaction(() -> store.alreadyProcessed(command).flatMap(seen -> {
                    if (seen) {
                        duplicates.increment();
                        return Uni.createFrom().<Decision>nullItem();
                    }
                    return current(command.gameId()).flatMap(game -> decideAndSave(game, command, partition));
                }))
                .invoke(decision -> {
                    processing.record(System.nanoTime() - started, java.util.concurrent.TimeUnit.NANOSECONDS);
                    afterCommit(decision, command, partition);
                })
                .onFailure().invoke(failure -> {
                    liveGames.evict(command.gameId());
                    LOG.debugf("command %s for game %s failed: %s", command.commandId(), command.gameId(), failure.toString());
                })
                .replaceWithVoid();
    }

    private Uni<LiveGame> current(String gameId) {
        LiveGame cached = liveGames.get(gameId);
        return cached != null ? Uni.createFrom().item(cached) : store.load(gameId);
    }

    private Uni<Decision> decideAndSave(LiveGame game, GameCommand command, int partition) {
        long versionBefore = game == null ? 0 : game.version();
        Instant now = clock.instant();
        Decision decision;
        try {
            decision = authority.decide(game, command, now);
        } catch (RuntimeException e) {
            return Uni.createFrom().failure(new PoisonCommandException(command, e));
        }
        return store.save(command, decision, versionBefore, partition, now).replaceWith(decision);
    }

    private void afterCommit(Decision decision, GameCommand command, int partition) {
        if (decision == null) {
            return;
        }
        if (decision.game() != null) {
            liveGames.put(decision.game(), partition);
        }
        if (decision.move() != null) {
            movesApplied.increment();
        }
        MoveRejected rejection = decision.rejection();
        if (rejection != null) {
            registry.counter("pente.game.commands.rejected", "reason", rejection.reason().name()).increment();
        }
        if (command.issuedAt() != null) { // optional on the wire: a command without it is still applied
            commandLag.record(Duration.between(command.issuedAt(), clock.instant()));
        }
        if (!decision.events().isEmpty()) {
            outboxSignal.wake();
        }
    }
}

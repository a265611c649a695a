package club.pente.ai.application;

import club.pente.ai.gameclient.GameServiceClient;
import club.pente.ai.gameclient.GameSnapshot;
import club.pente.ai.messaging.MoveSender;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Plays for every {@code ai:<level>} player: when told a game may be waiting for the computer it reads
 * the authoritative position from the game service, thinks on a worker pool (never on an event loop)
 * and sends PlayMove with the ply it expects. A position is thought about once; if the same position is
 * reported again (redelivery, restart) the expected ply makes any second move a harmless rejection.
 */
@ApplicationScoped
public class ComputerPlayer {
    private static final Logger LOG = Logger.getLogger(ComputerPlayer.class);

    private final GameServiceClient games;
    private final MoveChooser chooser;
    private final MoveSender sender;
    private final ExecutorService thinkers;
    private final Map<String, Instant> positionsTaken = new ConcurrentHashMap<>();
    private final Counter movesSent;
    private final Timer thinking;

    @Inject
    public ComputerPlayer(@RestClient GameServiceClient games, MoveChooser chooser, MoveSender sender, MeterRegistry registry,
                          AiSettings settings) {
        this(games, chooser, sender, registry, settings.threads());
    }

    public ComputerPlayer(GameServiceClient games, MoveChooser chooser, MoveSender sender, MeterRegistry registry, int threads) {
        this.games = games;
        this.chooser = chooser;
        this.sender = sender;
        int size = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
        AtomicInteger n = new AtomicInteger();
        this.thinkers = Executors.newFixedThreadPool(size, task -> {
            Thread thread = new Thread(task, "ai-thinker-" + n.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        this.movesSent = registry.counter("pente.ai.moves.sent");
        this.thinking = Timer.builder("pente.ai.thinking").description("time the engine spent on one move").register(registry);
    }

    /** Looks at the game and, if a computer is to move, thinks and plays. Safe to call any number of times. */
    public void consider(String gameId) {
        games.game(gameId).subscribe().with(this::maybePlay,
                failure -> LOG.warnf("cannot read game %s from the game service: %s", gameId, failure.toString()));
    }

    void maybePlay(GameSnapshot game) {
        PlayerRef mover = game.playerToMove();
        OptionalInt level = mover == null ? OptionalInt.empty() : ComputerLevel.of(mover.id());
        if (level.isEmpty()) {
            return;
        }
        int ply = game.ply() + 1;
        String position = game.id() + "@" + ply;
        positionsTaken.values().removeIf(at -> at.isBefore(Instant.now().minus(Duration.ofMinutes(10))));
        if (positionsTaken.putIfAbsent(position, Instant.now()) != null) {
            return;
        }
        thinkers.submit(() -> {
            try {
                long seed = game.id().hashCode() * 31L + ply;
                Analysis analysis = chooser.choose(game.points(), level.getAsInt(), null, seed);
                thinking.record(Duration.ofMillis(analysis.millis()));
                sender.send(PlayMove.of(game.id(), mover.id(), ply, analysis.bestMove()));
                movesSent.increment();
                LOG.debugf("%s plays %s at ply %d of %s (depth %d, score %d)", mover.id(), analysis.bestMove(), ply, game.id(),
                        analysis.depth(), analysis.score());
            } catch (RuntimeException e) {
                positionsTaken.remove(position);
                LOG.errorf(e, "the computer could not move in game %s at ply %d", game.id(), ply);
            }
        });
    }

    void stop(@Observes ShutdownEvent event) {
        thinkers.shutdownNow();
    }
}

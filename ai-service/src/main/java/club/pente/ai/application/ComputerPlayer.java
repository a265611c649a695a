package club.pente.ai.application;

import club.pente.ai.gameclient.GameServiceClient;
import club.pente.ai.gameclient.GameSnapshot;
import club.pente.ai.messaging.MoveSender;
import club.pente.core.contract.AnswerOffer;
import club.pente.core.contract.OfferKind;
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
import java.util.concurrent.atomic.AtomicLong;

/**
 * Plays for every {@code ai:<level>} player: when told a game may be waiting for the computer it reads
 * the authoritative position from the game service, thinks on a worker pool (never on an event loop)
 * and sends PlayMove with the ply it expects. A position is thought about once; if the same position is
 * reported again (redelivery, restart) the expected ply makes any second move a harmless rejection.
 * <p>
 * Offers to the computer: a takeback in a casual game is accepted, a draw (or a takeback in a ranked game,
 * which the game service never lets through) declined. A takeback changes the position under the same ply
 * numbers, so each game has a generation, bumped when the computer accepts a takeback and when a
 * MovesTakenBack arrives: a move thought out in an older generation is dropped, never sent (the check and
 * the send happen under the game's lock, as do the bump and the AnswerOffer), and the new position is read again.
 */
@ApplicationScoped
public class ComputerPlayer {
    private static final Logger LOG = Logger.getLogger(ComputerPlayer.class);

    private final GameServiceClient games;
    private final MoveChooser chooser;
    private final MoveSender sender;
    private final ExecutorService thinkers;
    private final Map<String, Instant> positionsTaken = new ConcurrentHashMap<>();
    private final Map<String, Instant> offersAnswered = new ConcurrentHashMap<>();
    /** Per game: bumped by every takeback; also the game's lock for "still this generation? then send". */
    private final Map<String, AtomicLong> generations = new ConcurrentHashMap<>();
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
        long generation = generation(gameId).get();
        games.game(gameId).subscribe().with(game -> maybePlay(game, generation),
                failure -> LOG.warnf("cannot read game %s from the game service: %s", gameId, failure.toString()));
    }

    /** Moves of the game were taken back: what the computer thought about the old position is void; look again. */
    public void takenBack(String gameId) {
        generation(gameId).incrementAndGet();
        consider(gameId);
    }

    /** The game ended: nothing more to remember about it. */
    public void forget(String gameId) {
        generations.remove(gameId);
    }

    private AtomicLong generation(String gameId) {
        return generations.computeIfAbsent(gameId, id -> new AtomicLong());
    }

    void maybePlay(GameSnapshot game) {
        maybePlay(game, generation(game.id()).get());
    }

    void maybePlay(GameSnapshot game, long generation) {
        Instant now = Instant.now();
        positionsTaken.values().removeIf(at -> at.isBefore(now.minus(Duration.ofMinutes(10))));
        offersAnswered.values().removeIf(at -> at.isBefore(now.minus(Duration.ofMinutes(10))));
        if (answerOffer(game)) {
            return;
        }
        PlayerRef mover = game.playerToMove();
        OptionalInt level = mover == null ? OptionalInt.empty() : ComputerLevel.of(mover.id());
        if (level.isEmpty()) {
            return;
        }
        int ply = game.ply() + 1;
        String position = game.id() + "@" + ply + "#" + generation;
        if (positionsTaken.putIfAbsent(position, now) != null) {
            return;
        }
        thinkers.submit(() -> {
            try {
                long seed = game.id().hashCode() * 31L + ply;
                // A timed game thinks by the mover's clock (as of now: it ran while the task waited).
                GameSnapshot.MoverClock clock = game.moverClock(Instant.now());
                // In the game's variant; a turn-based game has no clock to think by (moverClock is null): the level's time.
                Analysis analysis = clock == null ? chooser.choose(game.variant(), game.points(), level.getAsInt(), (Duration) null, seed)
                        : chooser.chooseOnClock(game.variant(), game.points(), level.getAsInt(), clock, seed);
                thinking.record(Duration.ofMillis(analysis.millis()));
                AtomicLong current = generation(game.id());
                synchronized (current) {
                    if (current.get() != generation) {
                        // Taken back while thinking: this move belongs to a position that no longer exists.
                        positionsTaken.remove(position);
                        LOG.debugf("dropping %s's stale move at ply %d of %s", mover.id(), ply, game.id());
                        return;
                    }
                    sender.send(PlayMove.of(game.id(), mover.id(), ply, analysis.bestMove()));
                }
                movesSent.increment();
                LOG.debugf("%s plays %s at ply %d of %s (depth %d, score %d)", mover.id(), analysis.bestMove(), ply, game.id(),
                        analysis.depth(), analysis.score());
            } catch (RuntimeException e) {
                positionsTaken.remove(position);
                LOG.errorf(e, "the computer could not move in game %s at ply %d", game.id(), ply);
            }
        });
    }

    /**
     * Answers a pending offer made to a computer (once per offer): a takeback in a casual game yes, anything
     * else no. Returns true when it accepted a takeback: the position is about to change, so no move now.
     */
    private boolean answerOffer(GameSnapshot game) {
        PlayerRef answerer = game.offerAnswerer();
        if (answerer == null || ComputerLevel.of(answerer.id()).isEmpty()) {
            return false;
        }
        OfferKind kind = game.offer().kind();
        boolean accept = kind == OfferKind.TAKEBACK && !game.ranked();
        if (offersAnswered.putIfAbsent(game.id() + "#offer@" + game.version(), Instant.now()) == null) {
            AtomicLong current = generation(game.id());
            synchronized (current) {
                if (accept) {
                    current.incrementAndGet();
                }
                sender.send(AnswerOffer.of(game.id(), answerer.id(), kind, accept));
            }
            LOG.debugf("%s %s the %s offer in %s", answerer.id(), accept ? "accepts" : "declines", kind, game.id());
        }
        return accept;
    }

    void stop(@Observes ShutdownEvent event) {
        thinkers.shutdownNow();
    }
}

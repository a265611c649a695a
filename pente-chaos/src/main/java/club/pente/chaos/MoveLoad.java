package club.pente.chaos;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.Resign;
import club.pente.core.contract.TimeControl;
import club.pente.core.contract.Topic;
import club.pente.load.EventDigest;
import club.pente.load.EventReader;
import club.pente.load.GameLedger;
import club.pente.load.GameLedger.Tracked;
import club.pente.load.LoadGame;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The games the chaos run plays through Kafka, as the load driver does (CreateGame and PlayMove on
 * {@code pente.game.commands}, the events read back {@code read_committed} by pente-load's reader into its
 * ledger), but paced and unending: {@code concurrent} games at a time, each move sent {@code moveInterval}
 * after the last one was accepted (a player's pace, and CPU left for the platform on a small machine), each
 * game resigned after its plies and replaced by a new one while the run lasts. Every {@code rankedEvery}-th
 * game is ranked between two of a few accounts, so that the rating service rates it. Nothing is ever resent:
 * a move stays offered until its outcome is read, and what never gets one is lost.
 */
final class MoveLoad implements AutoCloseable {
    /** Which phase a command was sent in, and when, for the report. */
    record Sent(Tracked game, int phase) {
    }

    private final GameLedger ledger = new GameLedger();
    private final String prefix;
    private final int concurrent;
    private final int plies;
    private final long moveIntervalMillis;
    private final int rankedEvery;
    private final List<PlayerRef> accounts;
    private final SplittableRandom random;
    private final KafkaProducer<String, String> producer;
    private final EventReader reader;
    private final String commandsTopic;
    private final ScheduledExecutorService pace = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "chaos-pace");
        t.setDaemon(true);
        return t;
    });
    private final List<Phase> phases = new ArrayList<>();
    private final Map<String, Sent> commands = new ConcurrentHashMap<>();
    /** Stream history of our games: version to event id, the first time each version was read. */
    private final Map<String, Map<Long, String>> history = new ConcurrentHashMap<>();
    /** Games with a move to come. */
    private final Set<String> live = ConcurrentHashMap.newKeySet();
    private final Set<String> ranked = ConcurrentHashMap.newKeySet();
    /** Commands whose MovePlayed was read, and games whose GameEnded was read: safe to read during the run. */
    private final Set<String> accepted = ConcurrentHashMap.newKeySet();
    private final Map<String, LoadGame> endedGames = new ConcurrentHashMap<>();
    private final AtomicInteger created = new AtomicInteger();
    private final AtomicReference<Exception> sendFailure = new AtomicReference<>();
    private volatile boolean replacing = true;
    private boolean closed;

    MoveLoad(String bootstrap, String runId, int concurrent, int plies, Duration moveInterval, int rankedEvery, int accountCount) {
        this.prefix = "chaos-" + runId + "-";
        this.concurrent = concurrent;
        this.plies = plies;
        this.moveIntervalMillis = moveInterval.toMillis();
        this.rankedEvery = rankedEvery;
        this.random = new SplittableRandom(runId.hashCode());
        List<PlayerRef> pool = new ArrayList<>();
        for (int i = 0; i < accountCount; i++) {
            pool.add(new PlayerRef(prefix + "acct-" + i, "chaos account " + i));
        }
        this.accounts = List.copyOf(pool);
        this.commandsTopic = Topic.GAME_COMMANDS.defaultName();
        phases.add(new Phase("warm-up"));
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        props.put("acks", "all");
        props.put("enable.idempotence", "true");
        // A broker down or a leader moving: the producer retries for up to two minutes before a send fails.
        props.put("delivery.timeout.ms", "120000");
        props.put("max.block.ms", "60000");
        props.put("client.id", "pente-chaos-commands");
        producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
        ledger.everyEvent(this::observe);
        ledger.listener(this::played);
        try {
            reader = new EventReader(bootstrap, Topic.GAME_EVENTS.defaultName(), commandsTopic, prefix, ledger);
        } catch (RuntimeException e) {
            producer.close(Duration.ZERO);
            throw e;
        }
    }

    String prefix() {
        return prefix;
    }

    GameLedger ledger() {
        return ledger;
    }

    List<PlayerRef> accounts() {
        return accounts;
    }

    /** Starts the first {@code concurrent} games. */
    void start() {
        for (int i = 0; i < concurrent; i++) {
            pace.execute(this::newGame);
        }
    }

    synchronized Phase phase() {
        return phases.get(phases.size() - 1);
    }

    synchronized List<Phase> phases() {
        return List.copyOf(phases);
    }

    /** A fault strikes now: a new phase begins, with the games that have a move to come. */
    synchronized Phase beginFault(String name) {
        Phase phase = new Phase(name);
        phase.killNanos = System.nanoTime();
        for (String id : live) {
            phase.activeAtKill.add(id);
        }
        phases.add(phase);
        return phase;
    }

    int phaseIndex(Phase phase) {
        return phases().indexOf(phase);
    }

    /** The command ids of every move accepted so far (a snapshot). */
    Set<String> acceptedCommands() {
        return Set.copyOf(accepted);
    }

    long acceptedCount() {
        return accepted.size();
    }

    /** The ranked games whose GameEnded was read so far. */
    List<LoadGame> rankedEnded() {
        return endedGames.values().stream().filter(g -> ranked.contains(g.id())).toList();
    }

    /** The ranked games played so far (their ids). */
    Set<String> rankedGames() {
        return Set.copyOf(ranked);
    }

    int gamesCreated() {
        return created.get();
    }

    /** Stream history of a game: version to event id (empty when none of its events was read). */
    Map<Long, String> history(String gameId) {
        return history.getOrDefault(gameId, Map.of());
    }

    /** Games being played now whose start was read (a socket on a game the platform does not know yet is refused). */
    List<String> watchableGames() {
        return live.stream().filter(history::containsKey).toList();
    }

    Map<String, Sent> commands() {
        return commands;
    }

    /** Throws what stopped the reader or the producer. */
    void check() {
        reader.check();
        Exception e = sendFailure.get();
        if (e != null) {
            throw new IllegalStateException("Kafka did not take a command: " + e, e);
        }
    }

    /** Stops making new games; those in play finish their plies and are resigned. */
    void stopReplacing() {
        replacing = false;
    }

    /** Every offered move answered, every game of ours ended. */
    boolean settled() {
        return live.isEmpty() && phases().stream().allMatch(p -> p.window.unanswered() == 0)
                && endedGames.size() >= created.get();
    }

    private void newGame() {
        if (!replacing) {
            return;
        }
        int n = created.getAndIncrement();
        LoadGame random = LoadGame.random(prefix, n, 1, plies, this.random).get(0);
        boolean rankedGame = rankedEvery > 0 && n % rankedEvery == 0 && accounts.size() >= 2;
        LoadGame game = random;
        if (rankedGame) {
            int w = this.random.nextInt(accounts.size());
            int b = (w + 1 + this.random.nextInt(accounts.size() - 1)) % accounts.size();
            game = new LoadGame(random.id(), accounts.get(w), accounts.get(b), random.moves());
            ranked.add(game.id());
        }
        ledger.add(game);
        live.add(game.id());
        send(CreateGame.of(game.id(), game.white(), game.black(), rankedGame, TimeControl.UNTIMED));
    }

    /** Every event of ours (reader thread), before the ledger counts it. */
    private void observe(Tracked game, EventDigest event) {
        long now = System.nanoTime();
        if (event.type() != EventDigest.Type.MOVE_REJECTED) {
            Map<Long, String> h = history.computeIfAbsent(game.game.id(), k -> new ConcurrentHashMap<>());
            if (h.putIfAbsent(event.version(), String.valueOf(event.eventId())) != null) {
                phase().repeatedOnStream.incrementAndGet();
            }
        }
        if (event.type() == EventDigest.Type.GAME_STARTED && game.startedVersion < 0) {
            schedule(() -> sendMove(game, 1), moveIntervalMillis);
        } else if (event.type() == EventDigest.Type.GAME_ENDED && !game.ended) {
            endedGames.put(game.game.id(), game.game);
            live.remove(game.game.id());
            pace.execute(this::newGame);
        } else if (event.type() == EventDigest.Type.MOVE_REJECTED && event.commandId() != null && commands.containsKey(event.commandId())) {
            // A rejected move ends that game's chain (the audit tells): resign it so that it leaves the lobby.
            schedule(() -> resign(game), 0);
        }
    }

    /** A move of ours accepted (reader thread): the next one after the pace, or the resignation. */
    private void played(Tracked game, EventDigest event) {
        accepted.add(event.commandId());
        phase().accepted(game.game.id(), System.nanoTime());
        if (event.ply() < plies) {
            schedule(() -> sendMove(game, event.ply() + 1), moveIntervalMillis);
        } else {
            live.remove(game.game.id()); // no move to come
            schedule(() -> resign(game), moveIntervalMillis);
        }
    }

    private void schedule(Runnable task, long delayMillis) {
        try {
            pace.schedule(task, delayMillis, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            // The run is over.
        }
    }

    private void sendMove(Tracked game, int ply) {
        PlayerRef mover = game.game.mover(ply);
        PlayMove move = PlayMove.of(game.game.id(), mover.id(), ply, game.game.moves()[ply - 1]);
        Phase phase = phase();
        commands.put(move.commandId(), new Sent(game, phaseIndex(phase)));
        // Registered before it leaves: its answer can arrive before send() returns.
        ledger.expect(game, move.commandId(), System.nanoTime(), phase.window);
        game.movesSent.incrementAndGet();
        send(move);
    }

    private void resign(Tracked game) {
        if (!game.resignSent) {
            game.resignSent = true;
            send(Resign.of(game.game.id(), game.game.white().id()));
        }
    }

    /** A game that is not ours (matchmaking made it for a seeking guest), resigned by that guest. */
    void resignFor(String gameId, String playerId) {
        send(Resign.of(gameId, playerId));
    }

    /** True while the game has a move to come (for {@link #beginFault}). */
    boolean live(String gameId) {
        return live.contains(gameId);
    }

    private void send(GameCommand command) {
        String json;
        try {
            json = Contracts.json().writeValueAsString(command);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        producer.send(new ProducerRecord<>(commandsTopic, command.gameId(), json), (metadata, error) -> {
            if (error != null) {
                sendFailure.compareAndSet(null, error);
            }
        });
    }

    @Override
    public synchronized void close() throws InterruptedException {
        if (closed) {
            return;
        }
        closed = true;
        pace.shutdownNow();
        pace.awaitTermination(5, TimeUnit.SECONDS);
        try {
            reader.close();
        } finally {
            producer.close(Duration.ofSeconds(10));
        }
    }
}

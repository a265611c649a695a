package club.pente.bench.load;

import club.pente.bench.load.LoadOptions.Mode;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.Resign;
import club.pente.core.contract.TimeControl;
import club.pente.load.DbVerifier;
import club.pente.load.EventReader;
import club.pente.load.GameLedger;
import club.pente.load.GameLedger.Tracked;
import club.pente.load.GameLedger.Window;
import club.pente.load.LatencyRecorder;
import club.pente.load.LoadGame;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Drives a running platform through the whole move path: PlayMove on {@code pente.game.commands} in,
 * MovePlayed on {@code pente.game.events} out, with real random legal untimed games which it resigns at the
 * end so that they leave the lobby.
 *
 * <ul>
 *   <li>Closed loop ({@code --games N --plies P}): each game has one move in flight, the next sent when the
 *       last MovePlayed arrives, as a client plays. Measures latency at the load it creates itself.</li>
 *   <li>Open loop ({@code --rate R --duration S}): move k is due at {@code t0 + k/R}, whatever the answers, and
 *       its latency counts from that intended time (no coordinated omission: a stalled platform cannot slow
 *       the schedule and hide its stall). The moves go round-robin over enough games that one game's moves
 *       are {@code --move-interval} apart, far longer than the latency; a game's next move is due whether or
 *       not its last one was answered (Kafka keeps a game's commands in order, so it is still legal).</li>
 *   <li>Ramp ({@code --ramp START,STEP,MAX,SECONDS}): open-loop steps of growing rate, up to the first whose
 *       p99 reaches the limit; prints the highest rate that stayed under it.</li>
 * </ul>
 * Every run prints the CPU each platform process used over the measured window and an exactly-once audit
 * (per game: moves sent, MovePlayed received, duplicate versions, version gaps), and exits 1 when the audit
 * finds a fault. Nothing is ever resent: a pause of the platform (an instance killed, its partitions moving)
 * only shows as latency, up to {@code --stall-seconds} without any answer, after which the driver stops.
 */
public final class GameLoadDriver {
    private final LoadOptions options;
    private final GameLedger ledger = new GameLedger();
    private final String prefix = "load-" + UUID.randomUUID().toString().substring(0, 8) + "-";
    private final SplittableRandom random = new SplittableRandom(7);
    private final AtomicReference<Exception> sendFailure = new AtomicReference<>();
    private final List<Tracked> all = new ArrayList<>();
    private KafkaProducer<String, String> producer;
    private EventReader reader;
    private ProcessCpu cpu;
    private boolean warnedInterval;

    private GameLoadDriver(LoadOptions options) {
        this.options = options;
    }

    public static void main(String[] args) throws Exception {
        int status;
        try {
            status = new GameLoadDriver(LoadOptions.parse(args)).run();
        } catch (LoadOptions.UsageException e) {
            if (!e.getMessage().isEmpty()) {
                System.err.println("pente bench load: " + e.getMessage());
            }
            System.err.print(LoadOptions.USAGE);
            status = e.getMessage().isEmpty() ? 0 : 64;
        } catch (EventReader.PlatformException e) {
            System.err.println("pente bench load: " + e.getMessage());
            status = 2;
        }
        System.exit(status);
    }

    private int run() throws Exception {
        cpu = ProcessCpu.discover(options.pids());
        Properties props = new Properties();
        props.put("bootstrap.servers", options.bootstrap());
        props.put("acks", "all");
        props.put("linger.ms", Integer.toString(options.lingerMs()));
        props.put("max.block.ms", "10000");
        props.put("client.id", "pente-load-driver-commands");
        producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
        try {
            reader = new EventReader(options.bootstrap(), options.eventsTopic(), options.commandsTopic(), prefix, ledger);
            try {
                if (options.mode() == Mode.CLOSED) {
                    closedLoop();
                } else if (options.mode() == Mode.OPEN) {
                    warmUp(options.rate());
                    report(openLoop(options.rate(), options.durationSeconds(), options.games()));
                } else {
                    warmUp(options.ramp().start());
                    ramp();
                }
                resign(all);
            } finally {
                reader.close();
            }
        } finally {
            producer.close(java.time.Duration.ofSeconds(10));
        }
        int status = audit();
        if (options.verifyDb() != null) {
            status = Math.max(status, DbVerifier.verify(options.verifyDb(), prefix, all));
        }
        return status;
    }

    private void closedLoop() {
        int games = options.games();
        int plies = options.plies();
        List<Tracked> list = create(LoadGame.random(prefix, 0, games, plies, random));
        int total = games * plies;
        Window window = new Window(LatencyRecorder.exact(total));
        ledger.listener((game, played) -> {
            int next = played.ply() + 1;
            if (next <= plies) {
                sendMove(game, next, System.nanoTime(), window);
            }
        });
        Map<String, Double> cpuBefore = cpu.sample();
        long begin = System.nanoTime();
        for (Tracked game : list) {
            sendMove(game, 1, System.nanoTime(), window);
        }
        // A rejection ends that game's chain of moves: stop waiting then, the audit tells.
        boolean complete = await(() -> window.confirmed.get() >= total || window.rejected.get() > 0, "MovePlayed");
        ledger.listener((g, e) -> { });
        long end = window.confirmed.get() > 0 ? window.lastAnswerNanos : System.nanoTime();
        Map<String, Double> cpuAfter = cpu.sample();
        double seconds = (end - begin) / 1e9;
        long confirmed = window.confirmed.get();
        if (!complete || window.rejected.get() > 0) {
            System.out.printf("incomplete: %d of %d moves confirmed, %d rejected%n", confirmed, total, window.rejected.get());
        }
        System.out.printf("games %d, moves %d in %.1f s: %.0f moves/s through command -> authority -> event%n",
                games, confirmed, seconds, confirmed / seconds);
        System.out.printf("latency command sent -> MovePlayed received: p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms%n",
                window.latencies.exactMs(0.50), window.latencies.exactMs(0.95), window.latencies.exactMs(0.99), window.latencies.exactMaxMs());
        printCpu(cpuBefore, cpuAfter, seconds, confirmed);
    }

    private record OpenResult(double rate, int games, double interval, int plies, Window window, double sendSeconds,
                              double windowSeconds, Map<String, Double> cpuBefore, Map<String, Double> cpuAfter) {
        long missing() {
            return window.unanswered();
        }

        double achieved() {
            return window.confirmed.get() / windowSeconds;
        }
    }

    /** One open-loop window: creates its games, offers rate x seconds moves on schedule, waits for the answers. */
    private OpenResult openLoop(double rate, double seconds, int fixedGames) {
        long slots = Math.round(rate * seconds);
        long wanted = fixedGames > 0 ? fixedGames : (long) Math.ceil(rate * options.moveIntervalSeconds());
        int games = (int) Math.max(1, Math.min(wanted, slots));
        if (games > LoadOptions.MAX_GAMES) {
            throw new LoadOptions.UsageException(games + " games needed (rate x --move-interval); at most " + LoadOptions.MAX_GAMES
                    + ": give a shorter --move-interval");
        }
        int plies = (int) ((slots + games - 1) / games);
        if (plies > LoadOptions.MAX_PLIES) {
            throw new LoadOptions.UsageException(plies + " plies per game needed; at most " + LoadOptions.MAX_PLIES
                    + ": give more --games or a shorter --duration");
        }
        // Nothing waits for an answer, but a game with moves queued behind each other is not how players play.
        if (games / rate < 2 * options.p99LimitMs() / 1000 && !warnedInterval) {
            warnedInterval = true;
            System.out.printf("warning: one game's moves are only %.0f ms apart, less than twice the p99 limit: give more games "
                    + "(--move-interval, --games)%n", 1000 * games / rate);
        }
        if (2 * games / rate > 20) {
            // The game service aborts a game whose first or second ply has not come within 30 s.
            System.out.printf("warning: one game's moves are %.0f s apart: its first two plies may come after the game service's "
                    + "first-move window (30 s): start the platform with PENTE_GAME_FIRST_MOVE_SECONDS=%d%n",
                    games / rate, (int) Math.ceil(4 * games / rate) + 60);
        }
        List<Tracked> list = create(LoadGame.random(prefix, all.size(), games, plies, random));
        Window window = new Window(LatencyRecorder.histogramOnly());
        double period = 1e9 / rate;
        Map<String, Double> cpuBefore = cpu.sample();
        long t0 = System.nanoTime() + 10_000_000;
        for (long k = 0; k < slots; k++) {
            long intended = t0 + (long) (k * period);
            long wait;
            while ((wait = intended - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
            }
            Tracked game = list.get((int) (k % games));
            sendMove(game, (int) (k / games) + 1, intended, window);
            if ((k & 1023) == 0) {
                checkFailures();
            }
        }
        double sendSeconds = (System.nanoTime() - t0) / 1e9;
        // Every answer is awaited while answers keep coming; missing = still unanswered after --stall-seconds of silence.
        await(() -> window.unanswered() == 0, "answers to the offered moves");
        long end = Math.max(window.lastAnswerNanos, t0 + 1);
        Map<String, Double> cpuAfter = cpu.sample();
        return new OpenResult(rate, games, games / rate, plies, window, sendSeconds, (end - t0) / 1e9, cpuBefore, cpuAfter);
    }

    /** An unmeasured open-loop run first: the JIT compiles the driver's and the services' hot paths outside the figures. */
    private void warmUp(double rate) {
        if (options.warmupSeconds() <= 0) {
            return;
        }
        int before = all.size();
        OpenResult r = openLoop(rate, options.warmupSeconds(), 0);
        System.out.printf("warm-up (not measured): %d moves at %.0f moves/s, p99 %.1f ms, missing %d%n",
                r.window().offered.get(), rate, r.window().latencies.ms(0.99), r.missing());
        resign(all.subList(before, all.size()));
    }

    private void report(OpenResult r) {
        Window w = r.window();
        System.out.printf("open loop: %.0f moves/s offered for %.1f s over %d games (one move per game every %.2f s, %d plies each; "
                        + "producer linger %d ms)%n", r.rate(), r.sendSeconds(), r.games(), r.interval(), r.plies(), options.lingerMs());
        System.out.printf("moves offered %d, confirmed %d, rejected %d, missing %d: %.0f moves/s achieved (last answer %.1f s after the first send)%n",
                w.offered.get(), w.confirmed.get(), w.rejected.get(), r.missing(), r.achieved(), r.windowSeconds());
        System.out.printf("latency intended send -> MovePlayed received: p50 %.1f ms, p99 %.1f ms, p999 %.1f ms, max %.1f ms%n",
                w.latencies.ms(0.50), w.latencies.ms(0.99), w.latencies.ms(0.999), w.latencies.maxMs());
        printCpu(r.cpuBefore(), r.cpuAfter(), r.windowSeconds(), w.confirmed.get());
    }

    private void ramp() {
        LoadOptions.Ramp ramp = options.ramp();
        double limit = options.p99LimitMs();
        System.out.printf("ramp: %.0f to %.0f moves/s in steps of %.0f, %.0f s each, one move per game every %.2f s, p99 limit %.0f ms, "
                + "producer linger %d ms%n", ramp.start(), ramp.max(), ramp.step(), ramp.stepSeconds(), options.moveIntervalSeconds(), limit,
                options.lingerMs());
        OpenResult best = null;
        OpenResult failed = null;
        for (double rate : ramp.rates()) {
            OpenResult r = openLoop(rate, ramp.stepSeconds(), options.games());
            Window w = r.window();
            boolean ok = r.missing() == 0 && w.rejected.get() == 0 && w.latencies.ms(0.99) < limit;
            Double gameCpu = cpuDelta(r.cpuBefore(), r.cpuAfter(), "game");
            System.out.printf("step %6.0f moves/s offered: %d games, confirmed %d/%d, rejected %d, missing %d, %.0f moves/s achieved, "
                            + "p50 %.1f ms, p99 %.1f ms, p999 %.1f ms, max %.1f ms, game cpu %s: %s%n",
                    rate, r.games(), w.confirmed.get(), w.offered.get(), w.rejected.get(), r.missing(), r.achieved(),
                    w.latencies.ms(0.50), w.latencies.ms(0.99), w.latencies.ms(0.999), w.latencies.maxMs(),
                    gameCpu == null ? "n/a" : String.format("%.0f%% of a core", 100 * gameCpu / r.windowSeconds()),
                    ok ? "ok" : "over the limit");
            // Each step's games leave before the next step, so that steps do not load each other.
            resign(all.subList(all.size() - r.games(), all.size()));
            if (!ok) {
                failed = r;
                break;
            }
            best = r;
        }
        if (best == null) {
            System.out.printf("ramp: no rate kept p99 under %.0f ms (the first step, %.0f moves/s, had p99 %.1f ms)%n",
                    limit, failed.rate(), failed.window().latencies.ms(0.99));
        } else {
            System.out.printf("ramp: highest rate with p99 under %.0f ms: %.0f moves/s (p50 %.1f ms, p99 %.1f ms)%s%n",
                    limit, best.rate(), best.window().latencies.ms(0.50), best.window().latencies.ms(0.99),
                    failed == null ? "; the ramp's MAX was reached" : String.format("; %.0f moves/s had p99 %.1f ms, missing %d",
                            failed.rate(), failed.window().latencies.ms(0.99), failed.missing()));
            System.out.println("cpu at the highest rate kept:");
            printCpu(best.cpuBefore(), best.cpuAfter(), best.windowSeconds(), best.window().confirmed.get());
        }
    }

    /** Sends CreateGame for each and waits until every game has started. */
    private List<Tracked> create(List<LoadGame> games) {
        List<Tracked> list = new ArrayList<>(games.size());
        for (LoadGame game : games) {
            Tracked tracked = ledger.add(game);
            list.add(tracked);
            all.add(tracked);
        }
        int target = ledger.started() + list.size();
        for (Tracked t : list) {
            send(CreateGame.of(t.game.id(), t.game.white(), t.game.black(), false, TimeControl.UNTIMED));
        }
        if (!await(() -> ledger.started() >= target, "GameStarted")) {
            throw new EventReader.PlatformException(String.format("%d of %d games started, then no event for %.0f s: is the game "
                            + "service running and consuming %s (./pente up)?", ledger.started() - (target - list.size()), list.size(),
                    options.stallSeconds(), options.commandsTopic()));
        }
        return list;
    }

    /** Resigns the games (white resigns) so that they leave the lobby, and waits for their GameEnded. */
    private void resign(List<Tracked> games) {
        int target = ledger.ended();
        for (Tracked t : games) {
            if (!t.resignSent) {
                t.resignSent = true;
                send(Resign.of(t.game.id(), t.game.white().id()));
                target++;
            }
        }
        int expected = target;
        if (!await(() -> ledger.ended() >= expected, "GameEnded")) {
            System.out.printf("warning: %d games did not report GameEnded after resigning%n", expected - ledger.ended());
        }
    }

    private void sendMove(Tracked game, int ply, long intendedNanos, Window window) {
        PlayerRef mover = game.game.mover(ply);
        PlayMove move = PlayMove.of(game.game.id(), mover.id(), ply, game.game.moves()[ply - 1]);
        // Registered before it leaves: its answer can arrive before send() returns.
        ledger.expect(game, move.commandId(), intendedNanos, window);
        game.movesSent.incrementAndGet();
        send(move);
    }

    private void send(GameCommand command) {
        String json;
        try {
            json = Contracts.json().writeValueAsString(command);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        producer.send(new ProducerRecord<>(options.commandsTopic(), command.gameId(), json), (metadata, error) -> {
            if (error != null) {
                sendFailure.compareAndSet(null, error);
            }
        });
    }

    private void checkFailures() {
        reader.check();
        Exception e = sendFailure.get();
        if (e != null) {
            throw new EventReader.PlatformException("Kafka did not take a command: " + e);
        }
    }

    /**
     * Waits for {@code done} while the platform answers: returns false after {@code --stall-seconds} without a
     * single event of ours (a pause of ~15 s, an instance killed and its partitions moving, is waited out).
     */
    private boolean await(BooleanSupplier done, String what) {
        long stallNanos = (long) (options.stallSeconds() * 1e9);
        long lastEvents = ledger.events();
        long lastProgress = System.nanoTime();
        while (!done.getAsBoolean()) {
            checkFailures();
            long events = ledger.events();
            long now = System.nanoTime();
            if (events != lastEvents) {
                lastEvents = events;
                lastProgress = now;
            } else if (now - lastProgress > stallNanos) {
                System.out.printf("waited %.0f s for %s without any event of ours%n", options.stallSeconds(), what);
                return false;
            }
            LockSupport.parkNanos(2_000_000);
        }
        return true;
    }

    private void printCpu(Map<String, Double> before, Map<String, Double> after, double seconds, long moves) {
        if (after.isEmpty()) {
            System.out.println("cpu: no platform process found (.pente/run/*.pid or --pids name=pid)");
            return;
        }
        StringBuilder line = new StringBuilder(String.format("cpu over the %.1f s window (seconds, %% of one core):", seconds));
        for (String name : after.keySet()) {
            Double used = cpuDelta(before, after, name);
            if (used != null) {
                line.append(String.format(" %s %.2f s %.0f%%,", name, used, 100 * used / seconds));
            }
        }
        for (String name : before.keySet()) {
            if (!after.containsKey(name)) {
                // Killed or stopped within the window (a failover run): its CPU up to then is lost with it.
                line.append(String.format(" %s ended during the window,", name));
            }
        }
        line.setLength(line.length() - 1);
        System.out.println(line);
        // Every game-service instance measured (game, and e.g. game2=PID given with --pids) shares the moves.
        double game = 0;
        List<String> instances = new ArrayList<>();
        for (String name : after.keySet()) {
            Double used = cpuDelta(before, after, name);
            if (name.startsWith("game") && used != null) {
                game += used;
                instances.add(name);
            }
        }
        if (game > 0) {
            System.out.printf("game service%s: %.0f moves per CPU second (%.2f CPU ms per move)%n",
                    instances.size() > 1 ? " (" + String.join(" + ", instances) + ")" : "", moves / game, 1000 * game / Math.max(1, moves));
        }
    }

    private static Double cpuDelta(Map<String, Double> before, Map<String, Double> after, String name) {
        Double a = after.get(name);
        Double b = before.get(name);
        return a == null || b == null ? null : a - b;
    }

    /** The exactly-once audit over every game of the run; 1 when anything was doubled, lost or refused. */
    private int audit() {
        long sent = 0;
        long played = 0;
        long duplicates = 0;
        long gaps = 0;
        long rejected = 0;
        long missing = 0;
        long unmatched = 0;
        int ended = 0;
        int notStarted = 0;
        List<Tracked> faulty = new ArrayList<>();
        for (Tracked t : all) {
            sent += t.movesSent.get();
            played += t.played;
            duplicates += t.duplicates;
            gaps += t.gaps();
            rejected += t.rejected;
            missing += t.missing();
            unmatched += t.unmatchedPlayed;
            ended += t.ended ? 1 : 0;
            notStarted += t.startedVersion < 0 ? 1 : 0;
            if (t.faulty()) {
                faulty.add(t);
            }
        }
        System.out.printf("audit: %d games (%d ended), moves sent %d, MovePlayed received %d, duplicates %d, version gaps %d, "
                        + "rejected %d, missing %d, unexpected MovePlayed %d, never started %d (events of other games skipped: %d)%n",
                all.size(), ended, sent, played, duplicates, gaps, rejected, missing, unmatched, notStarted, reader.skipped());
        int shown = 0;
        for (Tracked t : options.perGame() ? all : faulty) {
            if (!options.perGame() && shown++ == 50) {
                System.out.printf("... and %d more faulty games%n", faulty.size() - 50);
                break;
            }
            System.out.printf("game %s: moves sent %d, MovePlayed received %d, duplicates %d, version gaps %d, rejected %d%s%s%n",
                    t.game.id(), t.movesSent.get(), t.played, t.duplicates, t.gaps(), t.rejected,
                    t.lastRejection == null ? "" : " (" + t.lastRejection + ")", t.startedVersion < 0 ? ", never started" : "");
        }
        boolean fault = duplicates > 0 || gaps > 0 || rejected > 0 || missing > 0 || unmatched > 0 || notStarted > 0;
        System.out.println(fault ? "audit: FAILED" : "audit: every move sent was played exactly once, every version seen once, no gap");
        return fault ? 1 : 0;
    }
}

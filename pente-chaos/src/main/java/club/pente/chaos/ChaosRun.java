package club.pente.chaos;

import club.pente.chaos.ChaosOptions.Fault;
import club.pente.load.DbVerifier;
import club.pente.load.GameLedger.Tracked;
import club.pente.stack.QuarkusServices;
import club.pente.stack.StackConfig;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The chaos run: the scaled platform under load (games through Kafka, spectator sockets and seeks through
 * the load balancer) while each fault of the list strikes in turn, every check after each fault, and the
 * table. {@link #main} is {@code ./pente chaos}; ChaosIT runs a bounded subset on a shifted stack.
 */
public final class ChaosRun {
    /** What the run found: the table's rows, the totals, and the whole report as printed. */
    record Result(List<FaultRow> rows, Totals totals, String report) {
    }

    /** Over the whole run, after the load drained. */
    record Totals(int games, long offered, long accepted, long rejected, long lost, long doubled, long versionGaps,
                  DbVerifier.Result moveLog, int sockets, long socketEvents, long socketMissing, long socketRepeated,
                  long socketMismatched, long socketSkipped, long socketsGaveUp, RatingAudit.Result ratings, SeekAudit.Result seeks,
                  long seekRequestFailures) {
        boolean clean() {
            return lost == 0 && doubled == 0 && versionGaps == 0 && rejected == 0 && moveLog.ok() && socketMissing == 0
                    && socketRepeated == 0 && socketMismatched == 0 && socketsGaveUp == 0 && ratings.clean() && seeks.clean();
        }
    }

    private final ChaosStack stack;
    private final ChaosOptions options;
    private final PrintStream out;
    private final ChaosChecks checks;
    private final String runId = UUID.randomUUID().toString().substring(0, 8);
    private final Map<Integer, String> ratingChecks = new HashMap<>();
    private final Map<Integer, String> seekChecks = new HashMap<>();
    private final Map<Integer, String> killed = new HashMap<>();
    private final List<String> notes = new ArrayList<>();
    private MoveLoad load;
    private SocketFleet fleet;
    private SeekClients seekers;

    ChaosRun(ChaosStack stack, ChaosOptions options, PrintStream out) {
        this.stack = stack;
        this.options = options;
        this.out = out;
        this.checks = new ChaosChecks(stack.config());
    }

    public static void main(String[] args) throws Exception {
        int status;
        try {
            StackConfig base = StackConfig.fromEnv();
            ChaosOptions options = ChaosOptions.parse(args, recordedScale(base));
            StackConfig config = base.withScale(options.scale());
            ChaosStack stack = new ChaosStack(config, System.out);
            Thread stopper = new Thread(stack::downStartedHere, "chaos-stop");
            Runtime.getRuntime().addShutdownHook(stopper);
            try {
                Result result = new ChaosRun(stack, options, System.out).run();
                Path report = Path.of(System.getProperty("pente.chaos.report", "pente-chaos/target/chaos-report.txt"));
                Files.createDirectories(report.toAbsolutePath().getParent());
                Files.writeString(report, result.report());
                System.out.println("report written to " + report);
                status = result.totals().clean() && recoveredInTime(result, options) ? 0 : 1;
            } finally {
                stack.downStartedHere();
                Runtime.getRuntime().removeShutdownHook(stopper);
            }
        } catch (ChaosOptions.UsageException e) {
            if (!e.getMessage().isEmpty()) {
                System.err.println("pente chaos: " + e.getMessage());
            }
            System.err.print(ChaosOptions.USAGE);
            status = e.getMessage().isEmpty() ? 0 : 64;
        }
        System.exit(status);
    }

    /** The scale {@code up} recorded in {@code $PENTE_HOME/run/scale} (a running ./pente up --scale N), else 2. */
    static int recordedScale(StackConfig config) {
        if (config.scaled()) {
            return config.scale();
        }
        try {
            Path file = config.runDir().resolve("scale");
            if (Files.isRegularFile(file)) {
                int n = Integer.parseInt(Files.readString(file).trim());
                if (n >= 2) {
                    return n;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // Not recorded: the default.
        }
        return 2;
    }

    /** Every fault's games accepted moves again within the recovery bound. */
    static boolean recoveredInTime(Result result, ChaosOptions options) {
        return result.rows().stream().skip(1)
                .allMatch(r -> r.secondsAllAccept() >= 0 && r.secondsAllAccept() <= options.recovery().toSeconds());
    }

    Result run() throws Exception {
        StackConfig config = stack.config();
        out.printf("chaos run %s: scale %d, faults %s, %d games at a time (%d plies, a move every %d ms), %d watched games, %d seekers%n",
                runId, config.scale(), options.faults().stream().map(Fault::label).toList(), options.games(), options.plies(),
                options.moveInterval().toMillis(), options.watchedGames(), options.seekers());
        List<String> started = stack.up(options.parts());
        out.printf("stack: %s%n", started.isEmpty() ? "every part was already running" : "started " + started);
        String front = "http://" + config.connectHost() + ":" + QuarkusServices.GATEWAY_SERVICE.port(config);
        load = new MoveLoad(config.kafkaBootstrapServers(), runId, options.games(), options.plies(), options.moveInterval(),
                options.rankedEvery(), options.accounts());
        try {
            fleet = new SocketFleet(front, options.watchedGames(), 2, load::watchableGames, () -> load.phaseIndex(load.phase()),
                    options.recovery());
            seekers = new SeekClients(front, "chaos-" + runId + "-", options.seekers(), load::resignFor);
            load.start();
            fleet.start();
            seekers.start();
            warmUp();
            for (Fault fault : options.faults()) {
                strike(fault);
            }
            return finish();
        } finally {
            if (seekers != null) {
                seekers.close();
            }
            if (fleet != null) {
                fleet.close();
            }
            load.close();
        }
    }

    private void warmUp() {
        long wanted = 2L * options.games();
        boolean ok = await(Duration.ofSeconds(180), () -> load.acceptedCount() >= wanted
                && fleet.following() >= Math.min(options.watchedGames(), options.games()));
        out.printf("warm-up: %d moves accepted, %d sockets following their games%s%n", load.acceptedCount(), fleet.following(),
                ok ? "" : " (not all there within 180 s: going on)");
    }

    private void strike(Fault fault) throws Exception {
        load.check();
        Phase phase = load.beginFault(fault.label());
        int index = load.phaseIndex(phase);
        out.printf("%s fault %s: %s ...%n", Instant.now(), fault.label(), fault == Fault.POSTGRES ? "restarting postgres" : "kill -9 " + fault.part);
        if (fault == Fault.POSTGRES) {
            killed.put(index, "postgres (stop)");
            stack.restartPostgres();
        } else {
            long pid = stack.kill(fault.part);
            killed.put(index, fault.part + " " + pid);
            stack.restart(fault.part);
        }
        phase.backNanos = System.nanoTime();
        boolean recovered = await(options.recovery(), () -> phase.gamesNotAcceptingYet() == 0 && fleet.reconnecting() == 0);
        out.printf("  %s back after %.1f s; every game accepting again after %s s (first move after %.1f s), %d accepted in the fault window%s%n",
                fault.part, phase.secondsBack(), phase.secondsUntilAllAccept() < 0 ? "never" : String.format(Locale.ROOT, "%.1f",
                        phase.secondsUntilAllAccept()), phase.secondsUntilFirstAccept(), phase.acceptedInFaultWindow.get(),
                recovered ? "" : String.format("; NOT within %d s: %d games waiting, %d sockets reconnecting", options.recovery().toSeconds(),
                        phase.gamesNotAcceptingYet(), fleet.reconnecting()));
        checkAfter(index);
        // Some steady play before the next fault: every game moves again at least once.
        long before = load.acceptedCount();
        await(Duration.ofSeconds(60), () -> load.acceptedCount() >= before + options.games());
    }

    /** The checks that hold while the load goes on: accepted moves stored once, ratings once, no seek twice. */
    private void checkAfter(int phase) {
        Set<String> accepted = load.acceptedCommands();
        String moves;
        try {
            DbVerifier.Stored stored = readWithRetry(() -> checks.moves(load.prefix()));
            Set<String> inDb = new HashSet<>();
            long twice = 0;
            for (Map<String, Integer> perGame : stored.moves().values()) {
                inDb.addAll(perGame.keySet());
                twice += perGame.values().stream().filter(n -> n > 1).count();
            }
            long notStored = accepted.stream().filter(id -> !inDb.contains(id)).count();
            moves = String.format("%d accepted moves: %d not in the move log, %d stored twice", accepted.size(), notStored, twice);
            if (notStored > 0 || twice > 0) {
                notes.add("after " + load.phases().get(phase).name + ": " + moves);
            }
        } catch (Exception e) {
            moves = "move log not read: " + e;
            notes.add("after " + load.phases().get(phase).name + ": " + moves);
        }
        if (options.rankedEvery() > 0) {
            RatingAudit.Result ratings = ratingAudit(Duration.ofSeconds(60));
            ratingChecks.put(phase, summary(ratings.clean(), ratings.rated() + "/" + ratings.rankedEnded()));
            if (!ratings.clean()) {
                notes.add("ratings after " + load.phases().get(phase).name + ": " + ratings.problems().stream().limit(5).toList());
            }
        }
        if (options.seekers() > 0) {
            SeekAudit.Result seeks = seekAudit(false);
            seekChecks.put(phase, summary(seeks.clean(), seeks.matched() + " matched"));
            if (!seeks.clean()) {
                notes.add("seeks after " + load.phases().get(phase).name + ": " + seeks.problems().stream().limit(5).toList());
            }
        }
        out.printf("  checks: %s; ratings %s; seeks %s%n", moves, ratingChecks.getOrDefault(phase, "not played"),
                seekChecks.getOrDefault(phase, "not played"));
    }

    private static String summary(boolean clean, String figures) {
        return (clean ? "ok " : "FAILED ") + figures;
    }

    /** The rating audit, awaited until every ended ranked game is rated (or the deadline). */
    private RatingAudit.Result ratingAudit(Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        RatingAudit.Result r;
        do {
            List<RatingAudit.Ranked> ended = load.rankedEnded().stream()
                    .map(g -> new RatingAudit.Ranked(g.id(), g.white().id(), g.black().id())).toList();
            try {
                ChaosChecks.Ratings rows = readWithRetry(() -> checks.ratings(load.prefix()));
                r = RatingAudit.audit(ended, rows.finished(), rows.changes(), rows.players());
            } catch (Exception e) {
                r = new RatingAudit.Result(ended.size(), 0, ended.size(), 0, 0, List.of("rating database not read: " + e));
            }
            if (r.clean() || r.doubled() > 0 || r.brokenChains() > 0) {
                return r;
            }
            LockSupport.parkNanos(500_000_000L); // the rating service consumes asynchronously: look again
        } while (System.nanoTime() < deadline);
        return r;
    }

    private SeekAudit.Result seekAudit(boolean last) {
        try {
            // What the clients were told is taken before the database is read: the database is then at least as far on.
            List<SeekAudit.Observed> observed = seekers.observed();
            ChaosChecks.Seeks rows = readWithRetry(() -> checks.seeks("chaos-" + runId + "-"));
            List<SeekAudit.SeekRow> seeks = rows.seeks();
            List<SeekAudit.GameRow> games = rows.games();
            if (!last) {
                // While seeks go on, one matched between our two reads is not yet in the snapshot: audit the settled ones.
                Set<String> known = new HashSet<>();
                seeks.forEach(s -> known.add(s.id()));
                observed = observed.stream().filter(o -> known.contains(o.seekId())).toList();
            }
            return SeekAudit.audit(observed, seeks, games);
        } catch (Exception e) {
            return new SeekAudit.Result(0, 0, 0, 0, 1, List.of("matchmaking database not read: " + e));
        }
    }

    private Result finish() throws Exception {
        load.stopReplacing();
        fleet.stopMoving();
        seekers.close();
        long drainSeconds = (long) options.plies() * options.moveInterval().toMillis() / 1000 + options.recovery().toSeconds();
        boolean settled = await(Duration.ofSeconds(drainSeconds), load::settled);
        boolean watched = await(Duration.ofSeconds(60), () -> fleet.following() == 0);
        out.printf("drain: %s; sockets %s%n", settled ? "every move answered and every game ended" : "NOT settled within " + drainSeconds + " s",
                watched ? "all at their game's end" : fleet.following() + " still short of their game's end");
        fleet.close();
        RatingAudit.Result ratings = options.rankedEvery() > 0 ? ratingAudit(Duration.ofSeconds(90))
                : new RatingAudit.Result(0, 0, 0, 0, 0, List.of());
        SeekAudit.Result seeks = options.seekers() > 0 ? seekAudit(true) : new SeekAudit.Result(0, 0, 0, 0, 0, List.of());
        load.close(); // the reader has stopped: the ledger is ours to read
        DbVerifier.Stored stored = readWithRetry(() -> checks.moves(load.prefix()));
        List<Tracked> games = new ArrayList<>(load.ledger().games());
        DbVerifier.Result moveLog = DbVerifier.compare(stored, games);

        List<Phase> phases = load.phases();
        long[] lost = new long[phases.size()];
        long[] doubled = new long[phases.size()];
        Map<String, MoveLoad.Sent> sent = load.commands();
        Set<String> confirmed = new HashSet<>();
        long gaps = 0;
        for (Tracked t : games) {
            confirmed.addAll(t.confirmedCommands);
            gaps += t.gaps();
        }
        Map<String, Integer> storedCount = new HashMap<>();
        stored.moves().values().forEach(storedCount::putAll);
        for (Map.Entry<String, MoveLoad.Sent> e : sent.entrySet()) {
            int p = e.getValue().phase();
            Integer n = storedCount.get(e.getKey());
            boolean isConfirmed = confirmed.contains(e.getKey());
            if (isConfirmed && n == null) {
                lost[p]++; // accepted but not in the move log (stored but never read is among the unanswered)
            }
            if (n != null && n > 1) {
                doubled[p]++;
            }
        }
        long[][] sockets = new long[phases.size()][7]; // drops, resumed, snapshots, missing, repeated, gave up, max reconnect ns
        long socketEvents = 0;
        long socketMissing = 0;
        long socketRepeated = 0;
        long socketMismatched = 0;
        long socketSkipped = 0;
        long gaveUp = 0;
        List<SocketWatcher> watchers = fleet.watchers();
        for (SocketWatcher w : watchers) {
            SocketRecord r = w.record;
            r.drops().forEach(p -> sockets[p][0]++);
            for (SocketRecord.Reconnect c : r.reconnects()) {
                sockets[c.phase()][c.resumed() ? 1 : 2]++;
                sockets[c.phase()][6] = Math.max(sockets[c.phase()][6], c.nanos());
            }
            r.perPhase().forEach((p, counts) -> {
                sockets[p][4] += counts[0];
                sockets[p][3] += counts[1];
            });
            if (r.gaveUpReason().isPresent()) {
                gaveUp++;
                int p = r.drops().isEmpty() ? phases.size() - 1 : r.drops().get(r.drops().size() - 1);
                sockets[p][5]++;
                notes.add("socket on " + r.gameId + " gave up reconnecting: " + r.gaveUpReason().get());
            }
            SocketRecord.Audit a = r.audit(load.history(r.gameId));
            socketEvents += a.checked();
            socketMissing += a.missing();
            socketRepeated += a.repeated();
            socketMismatched += a.mismatched();
            socketSkipped += a.skippedBySnapshot();
            if (!a.clean() && notes.size() < 40) {
                notes.add("socket on " + r.gameId + ": " + a + ", reconnects " + r.reconnects() + ", last drop " + r.lastDrop());
            }
        }
        List<FaultRow> rows = new ArrayList<>();
        long offered = 0;
        long accepted = 0;
        long rejected = 0;
        long lostAll = 0;
        long doubledAll = 0;
        for (int i = 0; i < phases.size(); i++) {
            Phase p = phases.get(i);
            long unanswered = p.window.unanswered();
            long lostHere = lost[i] + unanswered;
            long doubledHere = doubled[i] + p.repeatedOnStream.get();
            offered += p.window.offered.get();
            accepted += p.window.confirmed.get();
            rejected += p.window.rejected.get();
            lostAll += lostHere;
            doubledAll += doubledHere;
            rows.add(new FaultRow(p.name, killed.getOrDefault(i, "-"), i == 0 ? -1 : p.secondsBack(), i == 0 ? -1 : p.secondsUntilFirstAccept(),
                    i == 0 ? 0 : p.secondsUntilAllAccept(), p.acceptedInFaultWindow.get(), p.window.offered.get(), p.window.confirmed.get(),
                    p.window.rejected.get(), lostHere, doubledHere, sockets[i][0], sockets[i][1], sockets[i][2], sockets[i][3], sockets[i][4],
                    sockets[i][5], sockets[i][6] / 1e9, ratingChecks.getOrDefault(i, "-"), seekChecks.getOrDefault(i, "-")));
        }
        Totals totals = new Totals(load.gamesCreated(), offered, accepted, rejected, lostAll, doubledAll, gaps, moveLog, watchers.size(),
                socketEvents, socketMissing, socketRepeated, socketMismatched, socketSkipped, gaveUp, ratings, seeks, seekers.requestFailures());
        String report = report(rows, totals);
        out.print(report);
        return new Result(rows, totals, report);
    }

    private String report(List<FaultRow> rows, Totals t) {
        StringBuilder text = new StringBuilder();
        StackConfig config = stack.config();
        text.append(String.format(Locale.ROOT, "chaos run %s, %s: scale %d (3 Kafka brokers, %d instances of each service, HAProxy), "
                        + "%d games at a time, %d plies, a move every %d ms%n", runId, Instant.now(), config.scale(), config.scale(),
                options.games(), options.plies(), options.moveInterval().toMillis()));
        text.append(FaultRow.table(rows));
        text.append(String.format(Locale.ROOT, "moves: %d games, %d offered, %d accepted, %d rejected, lost %d, doubled %d, version gaps %d%n",
                t.games(), t.offered(), t.accepted(), t.rejected(), t.lost(), t.doubled(), t.versionGaps()));
        DbVerifier.Result m = t.moveLog();
        text.append(String.format(Locale.ROOT, "move log (PostgreSQL): %d rows, %d confirmed on the stream; confirmed but not stored %d, "
                        + "stored but never on the stream %d, stored twice %d; outbox events never on the stream %d: %s%n", m.rows(), m.confirmed(),
                m.notStored(), m.storedNotConfirmed(), m.storedTwice(), Math.max(0, m.neverPublished()), m.ok() ? "ok" : "FAILED"));
        text.append(String.format(Locale.ROOT, "sockets: %d opened through the load balancer, %d events checked against the stream; missing %d, "
                        + "repeated %d, different from the stream %d, gave up %d; versions covered by a fresh snapshot instead of resumed %d%n",
                t.sockets(), t.socketEvents(), t.socketMissing(), t.socketRepeated(), t.socketMismatched(), t.socketsGaveUp(), t.socketSkipped()));
        RatingAudit.Result r = t.ratings();
        text.append(String.format(Locale.ROOT, "ratings: %d ranked games ended, %d rated once, not rated %d, doubled %d, broken chains %d: %s%n",
                r.rankedEnded(), r.rated(), r.notRated(), r.doubled(), r.brokenChains(), r.clean() ? "ok" : "FAILED " + r.problems().stream().limit(5).toList()));
        SeekAudit.Result s = t.seeks();
        text.append(String.format(Locale.ROOT, "seeks: %d opened by guests through the load balancer, %d matched, %d games; paired twice %d, "
                        + "inconsistent %d (requests refused or failed while failing over: %d): %s%n", s.seeks(), s.matched(), s.games(),
                s.pairedTwice(), s.inconsistent(), t.seekRequestFailures(), s.clean() ? "ok" : "FAILED " + s.problems().stream().limit(5).toList()));
        notes.stream().limit(40).forEach(n -> text.append("note: ").append(n).append('\n'));
        text.append(t.clean() ? "chaos: nothing lost, nothing doubled\n" : "chaos: FAILED\n");
        return text.toString();
    }

    private interface Read<T> {
        T get() throws SQLException;
    }

    /** A database read, retried while the server restarts (within 60 s). */
    private static <T> T readWithRetry(Read<T> read) throws SQLException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            try {
                return read.get();
            } catch (SQLException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                LockSupport.parkNanos(500_000_000L);
            }
        }
    }

    /** Waits for {@code done} with a deadline; the load's errors stop the wait. */
    private boolean await(Duration within, BooleanSupplier done) {
        long deadline = System.nanoTime() + within.toNanos();
        while (!done.getAsBoolean()) {
            load.check();
            if (System.nanoTime() > deadline) {
                return false;
            }
            LockSupport.parkNanos(50_000_000L);
        }
        return true;
    }
}

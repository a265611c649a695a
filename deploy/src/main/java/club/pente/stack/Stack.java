package club.pente.stack;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * Starts, stops and reports the parts of the local stack. Used by {@code deploy/stack} and by the
 * test resources alike; a file lock keeps two launchers (say, two test JVMs) from racing.
 */
public final class Stack {

    private static final Duration STOP_GRACE = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(250);
    private static final Object JVM_LOCK = new Object();

    private final StackConfig config;
    private final RunState state;
    private final PrintStream out;

    public Stack(StackConfig config, PrintStream out) {
        this.config = config;
        this.state = new RunState(config.runDir());
        this.out = out;
    }

    /** What {@link #up} did for one part. */
    public enum Outcome { STARTED, ALREADY_RUNNING, EXTERNAL }

    /**
     * Starts the parts that are not running, one after another, and returns what happened to each; the parts
     * of one {@linkplain Component#startGroup() start group} (the Kafka cluster's nodes) are spawned together
     * and then awaited (the Kafka cluster's nodes, the instances of one service).
     */
    public List<Outcome> up(List<Component> components) {
        return locked(() -> {
            List<Outcome> outcomes = new ArrayList<>();
            int i = 0;
            while (i < components.size()) {
                int end = i + 1;
                while (end < components.size() && components.get(end).startGroup().equals(components.get(i).startGroup())) {
                    end++;
                }
                outcomes.addAll(upTogether(components.subList(i, end)));
                i = end;
            }
            return outcomes;
        });
    }

    private List<Outcome> upTogether(List<Component> group) throws Exception {
        if (group.size() == 1) {
            return List.of(up(group.get(0)));
        }
        List<Outcome> outcomes = new ArrayList<>();
        List<Component> spawned = new ArrayList<>();
        List<ProcessHandle> processes = new ArrayList<>();
        long t0 = System.nanoTime();
        // Every port of the group first: a node spawned before another's port turns out busy would wait forever.
        for (Component c : group) {
            if (state.running(c.name()).isEmpty()) {
                checkPortsFree(c);
            }
        }
        for (Component c : group) {
            Optional<ProcessHandle> running = state.running(c.name());
            if (running.isPresent()) {
                out.printf("%-14s already running (pid %d) at %s%n", c.name(), running.get().pid(), c.endpoint());
                outcomes.add(Outcome.ALREADY_RUNNING);
                continue;
            }
            out.printf("%-14s starting ...%n", c.name());
            processes.add(spawn(c));
            spawned.add(c);
            outcomes.add(Outcome.STARTED);
        }
        for (int k = 0; k < spawned.size(); k++) {
            awaitReady(spawned.get(k), processes.get(k), t0);
            out.printf("%-14s ready in %4.1f s at %s (pid %d, log %s)%n", spawned.get(k).name(), (System.nanoTime() - t0) / 1e9,
                    spawned.get(k).endpoint(), processes.get(k).pid(), relative(logFile(spawned.get(k))));
        }
        return outcomes;
    }

    private void checkPortsFree(Component c) {
        for (Port port : c.ports()) {
            if (!Probes.free(config.bindHost(), port.number())) {
                throw new StackException("port " + port.number() + " needed by " + c.name() + " on " + config.bindHost()
                        + " is already in use (" + Probes.holderOf(port.number()) + "), and not by a process this stack started."
                        + " Stop that process or move " + c.name() + " with " + port.variable() + "=<port>.");
            }
        }
    }

    private ProcessHandle spawn(Component c) throws Exception {
        c.prepare();
        Path log = logFile(c);
        Files.writeString(log, "==== pente stack: starting " + c.name() + " at " + Instant.now() + "\n",
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        ProcessHandle p = Processes.spawnDetached(c.launch(), log);
        state.record(c.name(), p);
        return p;
    }

    /** Stops the given parts (those this stack started), last started first. */
    /**
     * Stops the given parts (those this stack started), last started first; the parts of one start group
     * together: a Kafka node stopped after the others would wait for a quorum that is gone.
     */
    public void down(List<Component> components) {
        locked(() -> {
            List<Component> reversed = new ArrayList<>(components);
            Collections.reverse(reversed);
            int i = 0;
            while (i < reversed.size()) {
                int end = i + 1;
                while (end < reversed.size() && reversed.get(end).startGroup().equals(reversed.get(i).startGroup())) {
                    end++;
                }
                downTogether(reversed.subList(i, end));
                i = end;
            }
            return null;
        });
    }

    private void downTogether(List<Component> group) throws Exception {
        if (group.size() == 1) {
            down(group.get(0));
            return;
        }
        List<Thread> threads = new ArrayList<>();
        List<Exception> failures = Collections.synchronizedList(new ArrayList<>());
        for (Component c : group) {
            Thread t = new Thread(() -> {
                try {
                    down(c);
                } catch (Exception e) {
                    failures.add(e);
                }
            }, "stop-" + c.name());
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
    }

    public List<ComponentStatus> status(List<Component> components) throws IOException {
        List<ComponentStatus> result = new ArrayList<>();
        for (Component c : components) {
            Optional<ProcessHandle> p = c.managed() ? state.running(c.name()) : Optional.empty();
            boolean ready = c.isReady();
            ComponentStatus.State s;
            if (!c.managed()) {
                s = ready ? ComponentStatus.State.EXTERNAL : ComponentStatus.State.STOPPED;
            } else if (p.isPresent()) {
                s = ready ? ComponentStatus.State.RUNNING : ComponentStatus.State.STARTING;
            } else {
                s = c.ports().stream().anyMatch(port -> Probes.answers(config.connectHost(), port.number()))
                        ? ComponentStatus.State.FOREIGN : ComponentStatus.State.STOPPED;
            }
            result.add(new ComponentStatus(c.name(), s, p.map(h -> OptionalLong.of(h.pid())).orElse(OptionalLong.empty()),
                    p.map(Stack::rssKb).orElse(0L), c.endpoint()));
        }
        return result;
    }

    private Outcome up(Component c) throws Exception {
        if (!c.managed()) {
            if (!Deadline.after(c.startTimeout()).await(c::isReady, POLL)) {
                throw new StackException(c.name() + " at " + c.endpoint() + " does not answer");
            }
            out.printf("%-14s external, answers at %s%n", c.name(), c.endpoint());
            return Outcome.EXTERNAL;
        }
        Optional<ProcessHandle> running = state.running(c.name());
        if (running.isPresent()) {
            // Ours and running: waited for, never stopped here (a front with a stopped service is no reason to kill it).
            if (!Deadline.after(c.startTimeout()).await(c::isReady, POLL)) {
                throw new StackException(c.name() + " runs (pid " + running.get().pid() + ") but is not ready within "
                        + c.startTimeout().toSeconds() + " s; left running, see " + logFile(c));
            }
            out.printf("%-14s already running (pid %d) at %s%n", c.name(), running.get().pid(), c.endpoint());
            return Outcome.ALREADY_RUNNING;
        }
        checkPortsFree(c);
        long t0 = System.nanoTime();
        out.printf("%-14s starting ...%n", c.name());
        ProcessHandle p = spawn(c);
        awaitReady(c, p, t0);
        out.printf("%-14s ready in %4.1f s at %s (pid %d, log %s)%n", c.name(), (System.nanoTime() - t0) / 1e9,
                c.endpoint(), p.pid(), relative(logFile(c)));
        return Outcome.STARTED;
    }

    private void awaitReady(Component c, ProcessHandle p, long t0) throws Exception {
        Deadline deadline = Deadline.after(c.startTimeout());
        while (!c.isReady()) {
            if (!p.isAlive()) {
                state.forget(c.name());
                throw new StackException(c.name() + " exited while starting; last lines of " + logFile(c) + ":\n" + tail(logFile(c), 25));
            }
            if (deadline.passed()) {
                Processes.stop(p, c.launch().stopSignal(), STOP_GRACE);
                state.forget(c.name());
                throw new StackException(c.name() + " was not ready within " + c.startTimeout().toSeconds()
                        + " s and was stopped; see " + logFile(c) + ":\n" + tail(logFile(c), 25));
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    private void down(Component c) throws Exception {
        if (!c.managed()) {
            out.printf("%-14s external, left alone%n", c.name());
            return;
        }
        Optional<ProcessHandle> running = state.running(c.name());
        if (running.isEmpty()) {
            boolean foreign = c.ports().stream().anyMatch(port -> Probes.answers(config.connectHost(), port.number()));
            out.printf("%-14s not running%s%n", c.name(), foreign ? " (its port answers: not started by this stack, left alone)" : "");
            return;
        }
        long t0 = System.nanoTime();
        int killed = Processes.stop(running.get(), c.launch().stopSignal(), STOP_GRACE);
        state.forget(c.name());
        out.printf("%-14s stopped in %.1f s (pid %d%s)%n", c.name(), (System.nanoTime() - t0) / 1e9, running.get().pid(),
                killed > 0 ? ", " + killed + " process(es) needed SIGKILL" : "");
    }

    public Path logFile(Component c) {
        return config.logDir().resolve(c.name() + ".log");
    }

    /** Resident memory of the process and its descendants, from /proc. */
    static long rssKb(ProcessHandle p) {
        return Stream.concat(Stream.of(p), p.descendants()).mapToLong(h -> {
            try {
                return Files.readAllLines(Path.of("/proc", Long.toString(h.pid()), "status")).stream()
                        .filter(l -> l.startsWith("VmRSS:"))
                        .mapToLong(l -> Long.parseLong(l.replaceAll("\\D", "")))
                        .findFirst().orElse(0);
            } catch (IOException e) {
                return 0;
            }
        }).sum();
    }

    private String relative(Path p) {
        Path cwd = Path.of("").toAbsolutePath();
        return p.startsWith(cwd) ? cwd.relativize(p).toString() : p.toString();
    }

    private static String tail(Path log, int lines) {
        try {
            List<String> all = Files.readAllLines(log);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }

    private interface Action<T> {
        T run() throws Exception;
    }

    private <T> T locked(Action<T> action) {
        synchronized (JVM_LOCK) {
            try {
                Files.createDirectories(config.runDir());
                try (FileChannel ch = FileChannel.open(config.runDir().resolve("stack.lock"),
                        StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                     FileLock ignored = ch.lock()) {
                    return action.run();
                }
            } catch (StackException | IllegalArgumentException e) {
                throw e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StackException("interrupted");
            } catch (Exception e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }
    }
}

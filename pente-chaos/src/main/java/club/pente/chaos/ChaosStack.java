package club.pente.chaos;

import club.pente.stack.Component;
import club.pente.stack.Components;
import club.pente.stack.Processes;
import club.pente.stack.RunState;
import club.pente.stack.Stack;
import club.pente.stack.StackConfig;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The scaled stack as the chaos run drives it, through the stack's own classes: brings up what is not
 * running (and remembers what it started, to stop only that), kills a part with SIGKILL to its whole process
 * group (the pid the stack recorded), restarts it with {@code Stack.up} of that name, and restarts
 * PostgreSQL politely (down, up).
 */
final class ChaosStack {
    private final StackConfig config;
    private final Stack stack;
    private final List<Component> all;
    private final List<String> startedHere = new ArrayList<>();

    ChaosStack(StackConfig config, PrintStream out) {
        if (!config.scaled()) {
            throw new IllegalArgumentException("the chaos run needs the scaled stack (--scale 2..4), not scale " + config.scale());
        }
        this.config = config;
        this.stack = new Stack(config, out);
        this.all = Components.all(config);
    }

    StackConfig config() {
        return config;
    }

    /** Starts the named parts (none: everything) that are not running; returns the names it started. */
    List<String> up(List<String> names) throws IOException {
        List<Component> selected = Components.select(all, names);
        List<String> before = new ArrayList<>();
        for (Component c : selected) {
            if (running(c.name())) {
                before.add(c.name());
            }
        }
        List<String> started = new ArrayList<>();
        try {
            stack.up(selected);
        } finally {
            // Also when a part failed to start: what runs now and did not before is ours to stop.
            for (Component c : selected) {
                if (!before.contains(c.name()) && running(c.name())) {
                    started.add(c.name());
                }
            }
            synchronized (startedHere) {
                startedHere.addAll(started);
            }
        }
        return started;
    }

    /** kill -9 of the part's process group; returns the pid killed. */
    long kill(String name) throws IOException, InterruptedException {
        Optional<ProcessHandle> running = new RunState(config.runDir()).running(name);
        if (running.isEmpty()) {
            throw new IllegalStateException(name + " is not running (no live pid in " + config.runDir() + "/" + name + ".pid)");
        }
        Processes.stop(running.get(), "KILL", Duration.ofSeconds(10));
        return running.get().pid();
    }

    /** Starts the part again (it was killed): Stack.up of that name, which waits for it to answer. */
    void restart(String name) {
        stack.up(Components.select(all, List.of(name)));
    }

    /** PostgreSQL stopped and started again through the stack (as an operator restarts it). */
    void restartPostgres() {
        List<Component> postgres = Components.select(all, List.of(Components.POSTGRES));
        stack.down(postgres);
        stack.up(postgres);
    }

    boolean running(String name) throws IOException {
        return new RunState(config.runDir()).running(name).isPresent();
    }

    /** Stops what this run started (a reused stack's parts are left running, restarted ones included). */
    void downStartedHere() {
        List<String> names;
        synchronized (startedHere) {
            names = List.copyOf(startedHere);
            startedHere.clear();
        }
        if (!names.isEmpty()) {
            stack.down(Components.select(all, names));
        }
    }
}

package club.pente.stack;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Starting detached process groups and stopping them with all their descendants. */
public final class Processes {

    private Processes() {
    }

    /**
     * Starts the command in a new session (setsid) so that it survives the launcher, gets its own
     * process group (pgid = pid) that {@link #stop} can signal as a whole, and never sees a terminal.
     */
    public static ProcessHandle spawnDetached(Launch launch, Path log) throws IOException {
        Files.createDirectories(log.getParent());
        List<String> command = new ArrayList<>();
        command.add("setsid");
        command.addAll(launch.command());
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(launch.workDir().toFile())
                .redirectInput(new File("/dev/null"))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(launch.environment());
        return pb.start().toHandle();
    }

    /** Runs a short preparation command in the foreground, output appended to the log. */
    public static void runToCompletion(List<String> command, Path workDir, Path log, Duration timeout)
            throws IOException, InterruptedException {
        Files.createDirectories(log.getParent());
        Process p = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectInput(new File("/dev/null"))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", command) + " did not finish within " + timeout.toSeconds() + " s; see " + log);
        }
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed with exit code " + p.exitValue() + "; see " + log);
        }
    }

    /** The live process with that pid and start time; a different start time means the pid was reused. */
    public static Optional<ProcessHandle> find(long pid, Instant started) {
        return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(h -> h.info().startInstant().map(started::equals).orElse(false));
    }

    /**
     * Sends {@code signal} to the process group and every descendant, waits for all of them to exit,
     * and SIGKILLs whatever is left after {@code grace}. Returns how many processes had to be killed.
     */
    public static int stop(ProcessHandle leader, String signal, Duration grace) throws InterruptedException {
        List<ProcessHandle> all = new ArrayList<>();
        all.add(leader);
        leader.descendants().forEach(all::add);
        // The polite signal goes to the group only: PostgreSQL's children setsid() themselves and are
        // shut down by their postmaster, to which a stray SIGINT of their own would mean something else.
        signal(signal, leader.pid(), List.of());
        if (awaitExit(all, grace)) {
            return 0;
        }
        List<ProcessHandle> left = all.stream().filter(ProcessHandle::isAlive).toList();
        signal("KILL", leader.pid(), left);
        if (!awaitExit(left, Duration.ofSeconds(10))) {
            throw new IllegalStateException("processes " + left.stream().map(ProcessHandle::pid).toList() + " survived SIGKILL");
        }
        return left.size();
    }

    private static void signal(String signal, long groupId, List<ProcessHandle> others) throws InterruptedException {
        List<String> kill = new ArrayList<>(List.of("kill", "-s", signal, "--", "-" + groupId));
        others.stream().filter(ProcessHandle::isAlive).forEach(h -> kill.add(Long.toString(h.pid())));
        try {
            // Non-zero exit just means some target was already gone.
            new ProcessBuilder(kill).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run kill", e);
        }
    }

    private static boolean awaitExit(List<ProcessHandle> processes, Duration timeout) throws InterruptedException {
        Deadline deadline = Deadline.after(timeout);
        while (processes.stream().anyMatch(ProcessHandle::isAlive)) {
            if (deadline.passed()) {
                return false;
            }
            Thread.sleep(100);
        }
        return true;
    }
}

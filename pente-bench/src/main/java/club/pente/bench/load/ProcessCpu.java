package club.pente.bench.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * CPU time of the platform's processes from {@code /proc/<pid>/stat}: utime + stime + cutime + cstime of the
 * process and all its descendants (PostgreSQL works in its backends; a reaped child's time moves into its
 * parent's cutime/cstime, so the sum never goes backwards). The processes are the ones the stack recorded in
 * {@code .pente/run/<name>.pid} (pid and start time, so a reused pid is never measured) plus {@code --pids}.
 */
final class ProcessCpu {
    static final List<String> PLATFORM = List.of("kafka", "postgres", "keycloak", "game", "rating", "matchmaking", "ai", "gateway");

    record Target(String name, long pid) {
    }

    private final List<Target> targets;
    private final long ticksPerSecond;

    private ProcessCpu(List<Target> targets, long ticksPerSecond) {
        this.targets = targets;
        this.ticksPerSecond = ticksPerSecond;
    }

    List<Target> targets() {
        return targets;
    }

    /** The stack's recorded processes that are alive, then the explicit ones (a name given twice: the explicit pid). */
    static ProcessCpu discover(Map<String, Long> explicit) {
        Map<String, Target> found = new LinkedHashMap<>();
        Optional<Path> runDir = runDir();
        if (runDir.isPresent()) {
            for (String name : PLATFORM) {
                recorded(runDir.get().resolve(name + ".pid")).ifPresent(pid -> found.put(name, new Target(name, pid)));
            }
        }
        // The driver shares the machine with what it measures: its own share is part of the picture.
        found.put("driver", new Target("driver", ProcessHandle.current().pid()));
        explicit.forEach((name, pid) -> {
            if (ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isEmpty()) {
                throw new LoadOptions.UsageException("--pids " + name + "=" + pid + ": no such process");
            }
            found.put(name, new Target(name, pid));
        });
        return new ProcessCpu(new ArrayList<>(found.values()), clockTicks());
    }

    /** CPU seconds per target now. Unreadable processes (gone, or not Linux) count as absent. */
    Map<String, Double> sample() {
        Map<Long, long[]> stats = readAll();
        Map<Long, List<Long>> children = new HashMap<>();
        stats.forEach((pid, s) -> children.computeIfAbsent(s[0], k -> new ArrayList<>()).add(pid));
        Map<String, Double> seconds = new LinkedHashMap<>();
        for (Target target : targets) {
            if (!stats.containsKey(target.pid())) {
                continue;
            }
            long ticks = 0;
            List<Long> todo = new ArrayList<>(List.of(target.pid()));
            while (!todo.isEmpty()) {
                long pid = todo.remove(todo.size() - 1);
                long[] s = stats.get(pid);
                if (s != null) {
                    ticks += s[1];
                    todo.addAll(children.getOrDefault(pid, List.of()));
                }
            }
            seconds.put(target.name(), ticks / (double) ticksPerSecond);
        }
        return seconds;
    }

    /** pid -> {ppid, utime + stime + cutime + cstime} for every process. */
    private static Map<Long, long[]> readAll() {
        Map<Long, long[]> stats = new HashMap<>();
        try (DirectoryStream<Path> proc = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().matches("[0-9]+"))) {
            for (Path dir : proc) {
                try {
                    String stat = Files.readString(dir.resolve("stat"), StandardCharsets.US_ASCII);
                    // The command name (field 2) is in parentheses and may hold spaces: parse after the last ')'.
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
                    // f[0] is field 3 (state): ppid is field 4, utime..cstime are fields 14..17.
                    long ppid = Long.parseLong(f[1]);
                    long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
                    stats.put(Long.parseLong(dir.getFileName().toString()), new long[] {ppid, ticks});
                } catch (IOException | RuntimeException gone) {
                    // The process ended while we looked.
                }
            }
        } catch (IOException e) {
            return Map.of();
        }
        return stats;
    }

    private static Optional<Long> recorded(Path pidFile) {
        try {
            List<String> lines = Files.readAllLines(pidFile);
            long pid = Long.parseLong(lines.get(0).trim());
            Instant started = Instant.parse(lines.get(1).trim());
            return ProcessHandle.of(pid)
                    .filter(ProcessHandle::isAlive)
                    .filter(h -> h.info().startInstant().map(s -> Duration.between(s, started).abs().toMillis() < 1000).orElse(false))
                    .map(h -> pid);
        } catch (IOException | RuntimeException missingOrStale) {
            return Optional.empty();
        }
    }

    /** {@code $PENTE_HOME/run}, else {@code <repo>/.pente/run} where the repo is the first directory up with deploy/stack. */
    private static Optional<Path> runDir() {
        String home = System.getenv("PENTE_HOME");
        if (home != null && !home.isBlank()) {
            return Optional.of(Path.of(home, "run"));
        }
        String repo = System.getenv("PENTE_REPO_ROOT");
        Path dir = (repo != null && !repo.isBlank() ? Path.of(repo) : Path.of("")).toAbsolutePath();
        for (; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("deploy/stack"))) {
                return Optional.of(dir.resolve(".pente/run"));
            }
        }
        return Optional.empty();
    }

    private static long clockTicks() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            if (p.waitFor() == 0 && out.matches("[0-9]{1,6}") && Long.parseLong(out) > 0) {
                return Long.parseLong(out);
            }
        } catch (IOException e) {
            // Fall through to Linux's usual value.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 100;
    }
}

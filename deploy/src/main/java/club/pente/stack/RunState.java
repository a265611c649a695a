package club.pente.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The pid files under {@code .pente/run}: pid plus process start time, so that a reused pid is
 * never mistaken for a part of the stack (and never killed).
 */
public record RunState(Path runDir) {

    public Path pidFile(String component) {
        return runDir.resolve(component + ".pid");
    }

    public void record(String component, ProcessHandle process) throws IOException {
        Files.createDirectories(runDir);
        Instant started = process.info().startInstant().orElseThrow(() -> new IOException("no start time for pid " + process.pid()));
        Files.writeString(pidFile(component), process.pid() + "\n" + started + "\n");
    }

    /** The running process recorded for the component; a stale file is removed. */
    public Optional<ProcessHandle> running(String component) throws IOException {
        Path file = pidFile(component);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        List<String> lines = Files.readAllLines(file);
        Optional<ProcessHandle> alive = Optional.empty();
        try {
            alive = Processes.find(Long.parseLong(lines.get(0).trim()), Instant.parse(lines.get(1).trim()));
        } catch (RuntimeException malformed) {
            // Treated like a stale file.
        }
        if (alive.isEmpty()) {
            Files.deleteIfExists(file);
        }
        return alive;
    }

    public void forget(String component) throws IOException {
        Files.deleteIfExists(pidFile(component));
    }
}

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

    /** {@code run/scale}: the scale {@code up} last started, read by {@code down} and {@code status}. */
    public Path scaleFile() {
        return runDir.resolve("scale");
    }

    public void recordScale(int scale) throws IOException {
        Files.createDirectories(runDir);
        Files.writeString(scaleFile(), scale + "\n");
    }

    public Optional<Integer> recordedScale() throws IOException {
        if (!Files.isRegularFile(scaleFile())) {
            return Optional.empty();
        }
        try {
            return Optional.of(Integer.parseInt(Files.readString(scaleFile()).trim()));
        } catch (NumberFormatException malformed) {
            return Optional.empty();
        }
    }

    public void forgetScale() throws IOException {
        Files.deleteIfExists(scaleFile());
    }

    /** Whether any pid file names a live process. */
    public boolean anyRunning() throws IOException {
        if (!Files.isDirectory(runDir)) {
            return false;
        }
        List<String> components;
        try (var files = Files.list(runDir)) {
            components = files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".pid"))
                    .map(n -> n.substring(0, n.length() - 4)).toList();
        }
        for (String c : components) {
            if (running(c).isPresent()) {
                return true;
            }
        }
        return false;
    }
}

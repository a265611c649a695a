package club.pente.stack;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * How to run one part of the stack as a detached process.
 *
 * @param stopSignal the signal that asks for a clean, quick shutdown (PostgreSQL wants INT, not TERM,
 *                   which would wait for every client to disconnect)
 */
public record Launch(List<String> command, Map<String, String> environment, Path workDir, String stopSignal) {

    public Launch {
        command = List.copyOf(command);
        environment = Map.copyOf(environment);
    }
}
